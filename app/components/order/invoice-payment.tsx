import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import type { CustomerInvoice } from '#app/models/invoice/customer.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'

// The order's invoice on the customer's page: paid (and when), or what to pay, by when, where to
// and with which reference; overdue says so.
export function InvoicePayment({ invoice }: { invoice: CustomerInvoice }) {
	const { locale, t } = useI18n()
	const money = (amount: number) => formatPrice(amount, invoice.currency, locale)
	const day = (value: string) => formatDay(value, locale)
	const owed = invoice.status === 'open' || invoice.status === 'overdue'
	return (
		<section aria-labelledby="order-invoice" className="mb-8 max-w-2xl" data-controller="invoice-payment">
			<h2 id="order-invoice" className="mb-3 text-xl font-semibold">
				{t('payment.heading', { number: invoice.number })}
			</h2>
			<p
				data-invoice-status={invoice.status}
				className={`mb-3 rounded-md border p-3 ${invoice.status === 'overdue' ? 'border-red-300 bg-red-50 text-red-950' : invoice.status === 'paid' ? 'border-teal-300 bg-teal-50 text-teal-950' : 'border-slate-200 bg-white'}`}
			>
				{invoice.status === 'paid'
					? t('payment.paid', { date: invoice.paidOn ? day(invoice.paidOn) : '' })
					: invoice.status === 'credited'
						? t('payment.credited')
						: t(`payment.${invoice.status}`, { amount: money(invoice.outstanding), date: day(invoice.dueDate) })}
			</p>
			{owed && (
				<dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
					<Text as="dt" k="payment.amount" className="text-slate-600" />
					<dd className="font-semibold" data-owed={invoice.outstanding.toFixed(2)}>
						{money(invoice.outstanding)}
					</dd>
					{invoice.charges > 0 && (
						<>
							<Text as="dt" k="payment.charges" className="text-slate-600" />
							<dd>{money(invoice.charges)}</dd>
						</>
					)}
					{invoice.account && (
						<>
							<Text as="dt" k="payment.account" className="text-slate-600" />
							<dd>
								{invoice.account.name ? `${invoice.account.name}: ` : ''}
								{t('payment.regAccount', { regNo: invoice.account.regNo, account: invoice.account.account })}
							</dd>
						</>
					)}
					{invoice.iban && (
						<>
							<dt className="text-slate-600">IBAN</dt>
							<dd>
								{invoice.iban.iban}
								{invoice.iban.bic ? ` · BIC ${invoice.iban.bic}` : ''}
							</dd>
						</>
					)}
					<Text as="dt" k="payment.reference" className="text-slate-600" />
					<dd>{invoice.number}</dd>
					{invoice.fi && (
						<>
							<Text as="dt" k="payment.fi" className="text-slate-600" />
							<dd className="font-mono">{invoice.fi}</dd>
						</>
					)}
				</dl>
			)}
		</section>
	)
}
