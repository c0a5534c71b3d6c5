import { useLoaderData } from 'react-router'
import type { Route } from './+types/invoices'
import { AccountFrame, AccountPager } from '#app/components/account/account-frame.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { accountInvoices, ACCOUNT_PAGE_SIZE } from '#app/models/customer/records.server.ts'
import { accountFrameOf, pageParamOf, requireCustomer } from '#app/http/customer.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'
import { pathFor } from '#app/utils/locales.ts'
import { CardList, Facts, filterQuery, ListFilterForm } from '#app/components/account/account-lists.tsx'
import { readInvoiceFilter } from '#app/models/customer/account-filter.server.ts'
import { INVOICE_STATES } from '#app/models/customer/account-states.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { customer, access } = await requireCustomer(request, context)
	const page = pageParamOf(request)
	const filter = readInvoiceFilter(new URL(request.url))
	const [frame, list] = await Promise.all([
		accountFrameOf(context, customer),
		accountInvoices(getDb(context), access, page, filter),
	])
	return {
		...frame,
		page,
		filter,
		size: ACCOUNT_PAGE_SIZE,
		...list,
		alternates: { da: pathFor('accountInvoices', 'da'), en: pathFor('accountInvoices', 'en') },
	}
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

type Invoice = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function AccountInvoicesPage() {
	const { account, stream, rows, total, page, size, filter } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const path = pathFor('accountInvoices', locale)
	return (
		<AccountFrame tab="accountInvoices" account={account} streams={[stream]}>
			<section data-controller="account-invoices">
				<ListFilterForm
					filter={filter}
					hint={t('account.filter.invoicesHint')}
					states={INVOICE_STATES.map((value) => ({ value, label: t(`account.invoices.filter.${value}`) }))}
					total={total}
					path={path}
				/>
				{rows.length === 0 ? (
					!filter.q && !filter.state && <Text as="p" k="account.invoices.none" />
				) : (
					<CardList label={t('account.tab.accountInvoices')}>
						{rows.map((invoice) => (
							<InvoiceCard key={invoice.id} invoice={invoice} />
						))}
					</CardList>
				)}
				<AccountPager page={page} total={total} size={size} path={path} query={filterQuery(filter)} />
			</section>
		</AccountFrame>
	)
}

function InvoiceCard({ invoice }: { invoice: Invoice }) {
	const { locale, t } = useI18n()
	const day = (value: string) => formatDay(value, locale)
	const money = (amount: number) => formatPrice(amount, invoice.currency, locale)
	const name = t(`account.invoices.kind.${invoice.kind}`, { number: String(invoice.number) })
	return (
		<li className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto]" data-invoice={invoice.number}>
			<div className="min-w-0">
				<h3 className="font-semibold">{name}</h3>
				<Facts
					className="mt-1"
					items={[
						[t('account.invoices.order'), invoice.orderReference],
						[t('account.facts.purchaseOrder'), invoice.purchaseOrder],
						[t('account.facts.costCentre'), invoice.costCentre],
						[t('account.invoices.issued'), day(invoice.issueDate)],
						[t('account.invoices.due'), invoice.kind === 'invoice' ? day(invoice.dueDate) : null],
						[t('account.invoices.total'), money(invoice.total)],
					]}
				/>
			</div>
			<div className="text-sm sm:text-right">
				<p className="font-medium">
					<span data-status={invoice.status}>{t(`account.invoices.state.${invoice.status}`)}</span>
					{invoice.owed > 0 && (
						<span className="block" data-owed={invoice.owed.toFixed(2)}>
							{t('account.invoices.owed', { amount: money(invoice.owed) })}
						</span>
					)}
				</p>
				<a href={`/account/invoices/${invoice.id}/pdf`} className="block text-teal-800 underline" download>
					{t('account.invoices.download', { name })}
				</a>
				{invoice.hasOioubl && (
					<a href={`/account/invoices/${invoice.id}/oioubl`} className="block text-teal-800 underline" download>
						{t('account.invoices.oioubl', { name })}
					</a>
				)}
			</div>
		</li>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
