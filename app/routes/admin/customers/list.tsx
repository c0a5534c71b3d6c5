import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/list'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Table } from '#app/components/ui/table.tsx'
import { EmptyState, FilterBar, FilterSearch } from '#app/components/admin/list-page.tsx'
import { Pager } from '#app/components/ui/pager.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { listCustomers, readCustomerFilter } from '#app/models/customer/list.server.ts'
import { formatDay, formatNumber, formatPrice } from '#app/utils/format.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const filter = readCustomerFilter(new URL(request.url))
	return { filter, ...(await listCustomers(getDb(context), filter)) }
}

const COLUMNS = [
	'customers.name',
	'customers.company',
	'customers.requests',
	'customers.orders',
	'customers.total',
	'customers.last',
] as const

// Everyone who asked or ordered, searchable; each links to their requests and their orders.
export default function Customers() {
	const { filter, customers, total, page, pageSize } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const number = (value: number) => formatNumber(value, locale)
	const href = (to: number) =>
		`/admin/customers?${new URLSearchParams({ ...(filter.q ? { q: filter.q } : {}), page: String(to) })}`
	const first = (page - 1) * pageSize + 1
	return (
		<section data-controller="customers">
			<title>{`${t('customers.title')} · Tolk admin`}</title>
			<h1 className="mb-4 text-2xl font-bold text-slate-900">{t('customers.title')}</h1>
			<FilterBar label={t('customers.filter')} submit={t('customers.apply')}>
				<FilterSearch label={t('customers.search')} defaultValue={filter.q} />
			</FilterBar>
			{customers.length === 0 ? (
				<EmptyState>{t('customers.empty')}</EmptyState>
			) : (
				<Table
					caption={t('customers.title')}
					isCaptionHidden
					columns={COLUMNS.map((key) => ({ label: t(key), numeric: key === 'customers.total' }))}
				>
					{customers.map((customer) => (
						<tr key={customer.email}>
							<td className="px-3 py-2">
								{customer.name}
								<span className="block text-slate-600">{customer.email}</span>
							</td>
							<td className="px-3 py-2">{customer.company ?? '–'}</td>
							<td className="px-3 py-2">
								<Link
									to={`/admin/requests?status=&q=${encodeURIComponent(customer.email)}`}
									className="text-teal-900 underline"
								>
									{number(customer.requests)}
								</Link>
							</td>
							<td className="px-3 py-2">
								<Link
									to={`/admin/orders?status=&q=${encodeURIComponent(customer.email)}`}
									className="text-teal-900 underline"
								>
									{number(customer.orders)}
								</Link>
							</td>
							<td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(customer.total, 'DKK', locale)}</td>
							<td className="px-3 py-2">{formatDay(customer.last, locale)}</td>
						</tr>
					))}
				</Table>
			)}
			{(total > pageSize || page > 1) && (
				<Pager
					label={t('customers.pages')}
					summary={t('customers.showing', { first, last: first + customers.length - 1, total })}
					previous={page > 1 ? { to: href(page - 1), label: t('orders.previous') } : undefined}
					next={first + customers.length - 1 < total ? { to: href(page + 1), label: t('orders.next') } : undefined}
				/>
			)}
		</section>
	)
}
