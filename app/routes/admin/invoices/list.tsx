import { Form, Link, useLoaderData } from 'react-router'
import type { Route } from './+types/list'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
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
import { getDb } from '#app/http/context.server.ts'
import { countOpenBankLines } from '#app/models/invoice/bank-import.server.ts'
import { listInvoices, readInvoiceFilter, type ListedInvoice } from '#app/models/invoice/receivables.server.ts'
import { AGING_BUCKETS, INVOICE_STATUSES } from '#app/models/invoice/statuses.ts'
import { readOrderPage } from '#app/models/order/admin.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const db = getDb(context)
	const url = new URL(request.url)
	const filter = readInvoiceFilter(url)
	const [list, bankLines] = await Promise.all([listInvoices(db, filter, readOrderPage(url)), countOpenBankLines(db)])
	return { ...list, filter, bankLines }
}

type Data = Awaited<ReturnType<typeof loader>>

export default function Invoices() {
	const { invoices, filter, totals, aging, bankLines, ...pages } = useLoaderData<typeof loader>()
	const { t } = useAdminI18n()
	const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== '')).toString()
	return (
		<section data-controller="invoices">
			<title>{`${t('invoices.title')} · Tolk admin`}</title>
			<ListHeader
				title={t('invoices.title')}
				exportHref={`/admin/invoices/export${query ? `?${query}` : ''}`}
				exportLabel={t('invoices.export')}
				forMachines
			/>
			<Aging aging={aging} />
			<div className="mb-4 flex flex-wrap items-center gap-3">
				<Link to="/admin/invoices/bank" className={buttonClass('secondary')}>
					{bankLines > 0 ? t('invoices.bankOpen', { count: bankLines }) : t('invoices.bank')}
				</Link>
				<Form method="post" action="/admin/invoices/reminders">
					<AuthenticityTokenInput />
					<Button variant="secondary" type="submit">
						{t('invoices.sendReminders')}
					</Button>
				</Form>
			</div>
			<InvoiceFilters filter={filter} />
			{invoices.length === 0 ? (
				<EmptyState>{t('invoices.empty')}</EmptyState>
			) : (
				<InvoiceTable invoices={invoices} totals={totals} />
			)}
			<ListPages base="/admin/invoices" {...pages} shown={invoices.length} query={query} />
		</section>
	)
}

// What is owed, by how long past due: each a link to the invoices behind it.
function Aging({ aging }: Pick<Data, 'aging'>) {
	const { locale, t } = useAdminI18n()
	return (
		<ul className="mb-4 grid gap-3 sm:grid-cols-4" aria-label={t('invoices.aging')}>
			{AGING_BUCKETS.map((bucket) => (
				<li key={bucket} className="rounded-md border border-slate-300 bg-white p-3" data-aging={bucket}>
					<Link to={`/admin/invoices?aging=${bucket}`} className="block text-teal-900 underline">
						{t(`invoices.bucket.${bucket}`)}
					</Link>
					<span className="block text-lg font-semibold">{formatPrice(aging[bucket].amount, 'DKK', locale)}</span>
					<span className="text-sm text-slate-600">{t('invoices.count', { count: aging[bucket].count })}</span>
				</li>
			))}
		</ul>
	)
}

function InvoiceFilters({ filter }: Pick<Data, 'filter'>) {
	const { t } = useAdminI18n()
	return (
		<FilterBar label={t('invoices.filter')} submit={t('orders.apply')}>
			<FilterSelect
				label={t('invoices.status')}
				name="status"
				defaultValue={filter.status}
				options={INVOICE_STATUSES.map((status) => ({ value: status, label: t(`invoices.statuses.${status}`) }))}
			>
				<option value="">{t('orders.all')}</option>
				<option value="owed">{t('invoices.owed')}</option>
			</FilterSelect>
			<FilterSelect
				label={t('invoices.aging')}
				name="aging"
				defaultValue={filter.aging}
				options={AGING_BUCKETS.map((bucket) => ({ value: bucket, label: t(`invoices.bucket.${bucket}`) }))}
			>
				<option value="">{t('orders.all')}</option>
			</FilterSelect>
			<FilterSearch label={t('invoices.search')} defaultValue={filter.q} />
		</FilterBar>
	)
}

const COLUMNS = [
	['invoices.number', false],
	['invoices.buyer', false],
	['invoices.total', true],
	['invoices.due', false],
	['invoices.status', false],
	['invoices.outstanding', true],
	['invoices.net', true],
	['invoices.vat', true],
	['invoices.issued', false],
	['invoices.order', false],
] as const

function InvoiceTable({ invoices, totals }: Pick<Data, 'invoices' | 'totals'>) {
	const { locale, t } = useAdminI18n()
	const money = (amount: number) => formatPrice(amount, 'DKK', locale)
	const foot = (
		<tr data-totals>
			<th scope="row" colSpan={2} className="px-3 py-2 text-left">
				{t('invoices.totals')}
			</th>
			<td className="px-3 py-2 text-right whitespace-nowrap">{money(totals.total)}</td>
			<td colSpan={2} />
			<td className="px-3 py-2 text-right whitespace-nowrap">{money(totals.outstanding)}</td>
			<td className="px-3 py-2 text-right whitespace-nowrap">{money(totals.net)}</td>
			<td className="px-3 py-2 text-right whitespace-nowrap">{money(totals.vat)}</td>
			<td colSpan={2} />
		</tr>
	)
	return (
		<Table
			caption={t('invoices.title')}
			isCaptionHidden
			columns={COLUMNS.map(([key, numeric]) => ({ label: t(key), numeric }))}
			foot={foot}
		>
			{invoices.map((invoice) => (
				<InvoiceRow key={invoice.id} invoice={invoice} money={money} />
			))}
		</Table>
	)
}

function InvoiceRow({ invoice, money }: { invoice: ListedInvoice; money: (amount: number) => string }) {
	const { locale, t } = useAdminI18n()
	const cell = 'px-3 py-2'
	const number = `${t(invoice.kind === 'invoice' ? 'invoices.invoice' : 'invoices.creditNote')} ${invoice.number}`
	return (
		<tr className={invoice.status === 'overdue' ? 'bg-red-50' : ''} data-status={invoice.status}>
			<td className={cell}>
				<Link to={`/admin/invoices/${invoice.id}`} className="font-medium whitespace-nowrap text-teal-900 underline">
					{number}
				</Link>
			</td>
			<td className={cell}>
				{invoice.buyer}
				{invoice.ean && <span className="block text-slate-600">EAN {invoice.ean}</span>}
			</td>
			<td className={`${cell} text-right whitespace-nowrap`}>{money(invoice.total)}</td>
			<td className={`${cell} whitespace-nowrap`}>{formatDay(invoice.dueDate, locale)}</td>
			<td className={cell}>
				{t(`invoices.statuses.${invoice.status}`)}
				{invoice.status === 'overdue' && (
					<span className="block text-red-800">{t('invoices.daysOverdue', { count: invoice.daysOverdue })}</span>
				)}
				{invoice.overpaid > 0 && (
					<span className="block text-amber-800">{t('invoices.overpaid', { amount: money(invoice.overpaid) })}</span>
				)}
			</td>
			<td className={`${cell} text-right whitespace-nowrap`}>{money(invoice.outstanding)}</td>
			<td className={`${cell} text-right whitespace-nowrap`}>{money(invoice.net)}</td>
			<td className={`${cell} text-right whitespace-nowrap`}>{money(invoice.vat)}</td>
			<td className={`${cell} whitespace-nowrap`}>{formatDay(invoice.issueDate, locale)}</td>
			<td className={cell}>
				<Link to={`/admin/orders/${invoice.orderId}`} className="text-teal-900 underline">
					{invoice.reference}
				</Link>
			</td>
		</tr>
	)
}
