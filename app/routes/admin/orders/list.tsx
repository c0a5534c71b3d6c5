import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/list'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { streamAttributes, useReloadOnStream } from '#app/components/ui/live-stream.tsx'
import { Table } from '#app/components/ui/table.tsx'
import {
	EmptyState,
	FilterBar,
	FilterSearch,
	FilterSelect,
	ListHeader,
	ListPages,
} from '#app/components/admin/list-page.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { listOrders, readOrderFilter, readOrderPage, translatorsFor } from '#app/models/order/admin.server.ts'
import { listActiveLanguages } from '#app/models/site.server.ts'
import { ORDER_STATUSES } from '#database/enums.ts'
import { ORDERS_STREAM } from '#app/utils/cable.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { formatDay, formatNumber, formatPrice } from '#app/utils/format.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const db = getDb(context)
	const url = new URL(request.url)
	const filter = readOrderFilter(url)
	const [list, translators, languages] = await Promise.all([
		listOrders(db, filter, readOrderPage(url)),
		translatorsFor(db, null, null),
		listActiveLanguages(db, 'en'),
	])
	return { ...list, filter, translators, languages, stream: liveStream(getServices(context), ORDERS_STREAM) }
}

export default function Orders() {
	const { orders, counts, filter, translators, languages, stream, ...pages } = useLoaderData<typeof loader>()
	const { t } = useAdminI18n()
	// Any change to any order (a new one, a status, an assignment) refreshes the list as it is filtered.
	useReloadOnStream(stream)
	const query = new URLSearchParams(
		Object.entries(filter)
			.filter(([, value]) => value !== '')
			.map(([key, value]) => [key, String(value)]),
	).toString()
	return (
		<section data-controller="orders" {...streamAttributes(stream)}>
			<title>{`${t('orders.title')} · Tolk admin`}</title>
			<ListHeader
				title={t('orders.title')}
				exportHref={`/admin/orders/export${query ? `?${query}` : ''}`}
				forMachines
				exportLabel={t('orders.export')}
			/>
			<OrderFilters filter={filter} counts={counts} languages={languages} translators={translators} />
			{orders.length === 0 ? <EmptyState>{t('orders.empty')}</EmptyState> : <OrderTable orders={orders} />}
			<ListPages base="/admin/orders" {...pages} shown={orders.length} query={query} />
		</section>
	)
}

type Data = Awaited<ReturnType<typeof loader>>

function OrderFilters({
	filter,
	counts,
	languages,
	translators,
}: Pick<Data, 'filter' | 'counts' | 'languages' | 'translators'>) {
	const { t } = useAdminI18n()
	const statuses = ORDER_STATUSES.map((status) => ({
		value: status,
		label: `${t(`orders.status.${status}`)} (${counts[status]})`,
	}))
	const pairs = languages.flatMap((from) =>
		languages
			.filter((to) => to.code !== from.code)
			.map((to) => ({ value: `${from.code}>${to.code}`, label: `${from.name} → ${to.name}` })),
	)
	return (
		<FilterBar label={t('orders.filter')} submit={t('orders.apply')}>
			<FilterSelect label={t('orders.status')} name="status" defaultValue={filter.status} options={statuses}>
				<option value="open">{t('orders.open')}</option>
				<option value="">{t('orders.all')}</option>
			</FilterSelect>
			<FilterSelect label={t('orders.due')} name="due" defaultValue={filter.due}>
				<option value="">{t('orders.dueAny')}</option>
				<option value="soon">{t('orders.dueSoon')}</option>
				<option value="overdue">{t('orders.dueOverdue')}</option>
			</FilterSelect>
			<FilterSelect label={t('orders.pair')} name="pair" defaultValue={filter.pair} options={pairs}>
				<option value="">{t('orders.all')}</option>
			</FilterSelect>
			<FilterSelect
				label={t('orders.translator')}
				name="translator"
				defaultValue={String(filter.translator)}
				options={translators.map((member) => ({ value: member.id, label: member.name }))}
			>
				<option value="">{t('orders.all')}</option>
				<option value="none">{t('orders.unassigned')}</option>
			</FilterSelect>
			<FilterSearch label={t('orders.search')} defaultValue={filter.q} />
		</FilterBar>
	)
}

// What a project manager looks for first comes first (a phone shows the first columns).
const COLUMNS = [
	'orders.reference',
	'orders.customer',
	'orders.total',
	'orders.due',
	'orders.daysLeft',
	'orders.status',
	'orders.words',
	'orders.pair',
	'orders.translator',
	'orders.ordered',
] as const

function OrderTable({ orders }: Pick<Data, 'orders'>) {
	const { locale, t } = useAdminI18n()
	return (
		<Table caption={t('orders.title')} isCaptionHidden columns={COLUMNS.map((key) => ({ label: t(key) }))}>
			{orders.map((order) => (
				<tr key={order.id} className={order.isOverdue ? 'bg-red-50' : ''}>
					<td className="px-3 py-2">
						<Link to={`/admin/orders/${order.id}`} className="font-medium text-teal-900 underline">
							{order.reference}
						</Link>
						{order.express && (
							<span
								className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900"
								data-express
							>
								{t('orders.express')}
							</span>
						)}
					</td>
					<td className="px-3 py-2">
						{order.customer}
						<span className="block text-slate-600">{order.email}</span>
					</td>
					<td className="px-3 py-2 whitespace-nowrap">{formatPrice(order.total, 'DKK', locale)}</td>
					<td className="px-3 py-2">{formatDay(order.dueDate, locale)}</td>
					<td className="px-3 py-2">
						{order.daysLeft === null ? (
							'–'
						) : order.isOverdue ? (
							<strong className="text-red-800">{t('orders.overdue', { count: -order.daysLeft })}</strong>
						) : (
							t('orders.days', { count: order.daysLeft })
						)}
					</td>
					<td className="px-3 py-2">{t(`orders.status.${order.status}`)}</td>
					<td className="px-3 py-2 text-right">{formatNumber(order.words, locale)}</td>
					<td className="px-3 py-2">{order.pair || '–'}</td>
					<td className="px-3 py-2">{order.translator ?? '–'}</td>
					<td className="px-3 py-2">{formatDay(order.orderedAt, locale)}</td>
				</tr>
			))}
		</Table>
	)
}
