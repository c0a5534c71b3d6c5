import { data, Form, Link, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/invoice'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { DetailHeader, DetailList, Section } from '#app/components/admin/section.tsx'
import { PaymentForm } from '#app/components/invoices/payment-form.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId, recordIdOf } from '#app/http/records.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import {
	findInvoiceAccount,
	pauseReminders,
	PaymentRefused,
	PaymentSchema,
	registerPayment,
} from '#app/models/invoice/payments.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'
import { invoiceStatusOf, overpaidOn, owedOn } from '#app/models/invoice/statuses.ts'
import { Hidden } from '#app/components/ui/input.tsx'
import { PartialCreditForm } from '#app/components/invoices/partial-credit-form.tsx'
import { CreditRefused, issuePartialCredit, PartialCreditSchema } from '#app/models/invoice/credit.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await findInvoiceAccount(getDb(context), id) : null
	if (!found) throw notFound()
	const { invoice, payments, reminders, creditNote, creditNotes, references, today } = found
	return {
		references,
		creditNotes,
		lines: invoice.lines.map((line) => ({ description: line.description, amount: line.amount })),
		invoice: {
			id: invoice.id,
			kind: invoice.kind,
			number: invoice.number,
			orderId: invoice.orderId,
			issueDate: invoice.issueDate,
			dueDate: invoice.dueDate,
			currency: invoice.currency,
			buyer: invoice.buyer,
			purchaseOrder: invoice.purchaseOrder,
			total: invoice.total,
			charges: invoice.charges,
			paidAmount: invoice.paidAmount,
			remindersPaused: invoice.remindersPaused,
			credited: invoice.credited,
			creditedAmount: invoice.creditedAmount,
		},
		payments: payments.map(({ id, paidOn, amount, method, note, userName }) => ({
			id,
			paidOn,
			amount,
			method,
			note,
			userName,
		})),
		reminders: reminders.map(({ id, number, sentOn, fee, interest }) => ({ id, number, sentOn, fee, interest })),
		creditNote,
		today,
	}
}

const Intent = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('payment') }).passthrough(),
	z.object({ intent: z.literal('credit') }).passthrough(),
	z.object({ intent: z.literal('pause'), paused: z.enum(['on', 'off']) }),
])

// POST /admin/invoices/:id: register a payment, or hold or resume the reminders.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const id = parseRecordId(params.id)
	const back = `/admin/invoices/${id}`
	const posted = await readForm(request)
	const form = Object.fromEntries(posted) as Record<string, string>
	const intent = Intent.safeParse(form)
	if (!intent.success) return redirectWithFlash(context, back, { kind: 'error', key: 'order.error.input' })
	const services = getServices(context)
	if (intent.data.intent === 'credit') return creditPart(context, staff, id, { ...form, lines: posted.getAll('lines') })
	if (intent.data.intent === 'pause') {
		await pauseReminders(services, staff, id, intent.data.paused === 'on')
		return redirectWithFlash(context, back, { kind: 'success', key: 'invoice.flash.reminders' })
	}
	const parsed = PaymentSchema.safeParse(form)
	const values = { paidOn: form.paidOn, amount: form.amount, method: form.method, note: form.note }
	if (!parsed.success)
		return data(
			{ errors: Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])), values },
			{ status: 422 },
		)
	try {
		await registerPayment(services, staff, id, parsed.data)
	} catch (error) {
		if (!(error instanceof PaymentRefused)) throw error
		if (error.reason === 'not-found') throw notFound()
		return redirectWithFlash(context, back, { kind: 'error', key: `invoice.error.${error.reason}` })
	}
	return redirectWithFlash(context, back, { kind: 'success', key: 'invoice.flash.payment' })
}

// A credit note for some lines or an amount; refused with what was chosen kept.
async function creditPart(
	context: Route.ActionArgs['context'],
	staff: Staff,
	id: number,
	form: Record<string, unknown>,
) {
	const back = `/admin/invoices/${id}`
	const parsed = PartialCreditSchema.safeParse(form)
	const creditValues = {
		by: String(form.by ?? ''),
		amount: String(form.amount ?? ''),
		reason: String(form.reason ?? ''),
	}
	if (!parsed.success)
		return data(
			{
				creditErrors: Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])),
				creditValues,
			},
			{ status: 422 },
		)
	try {
		await issuePartialCredit(getServices(context), staff, id, parsed.data)
	} catch (error) {
		if (!(error instanceof CreditRefused)) throw error
		if (error.reason === 'not-found') throw notFound()
		return redirectWithFlash(context, back, { kind: 'error', key: `invoice.error.${error.reason}` })
	}
	return redirectWithFlash(context, back, { kind: 'success', key: 'invoice.flash.credit' })
}

export default function InvoicePage() {
	const { invoice, payments, reminders, creditNote, creditNotes, lines, references, today } =
		useLoaderData<typeof loader>()
	const refused = useActionData<typeof action>()
	const { locale, t } = useAdminI18n()
	const money = (amount: number) => formatPrice(amount, invoice.currency, locale)
	const outstanding = owedOn(invoice)
	const overpaid = overpaidOn(invoice)
	const isInvoice = invoice.kind === 'invoice'
	const title = `${t(isInvoice ? 'invoices.invoice' : 'invoices.creditNote')} ${invoice.number}`
	const state = invoiceStatusOf(invoice, today)
	return (
		<article className="space-y-8" data-controller="invoice">
			<title>{`${title} · Tolk admin`}</title>
			<DetailHeader back={{ to: '/admin/invoices', label: t('invoices.title') }} title={title}>
				<p className="mt-1 flex flex-wrap gap-3 text-sm">
					<a href={`/admin/invoices/${invoice.id}/pdf`} className="text-teal-900 underline" download>
						PDF
					</a>
					{invoice.buyer.ean && (
						<a href={`/admin/invoices/${invoice.id}/oioubl`} className="text-teal-900 underline" download>
							OIOUBL
						</a>
					)}
					<Link to={`/admin/orders/${invoice.orderId}`} className="text-teal-900 underline">
						{t('invoice.order')}
					</Link>
				</p>
			</DetailHeader>
			<DetailList
				rows={[
					[t('invoices.status'), <strong data-invoice-status={state}>{t(`invoices.statuses.${state}`)}</strong>],
					[t('invoices.buyer'), invoice.buyer.name],
					...(invoice.purchaseOrder ? [[t('order.purchaseOrder'), invoice.purchaseOrder] as [string, string]] : []),
					...(references.costCentre ? [[t('order.costCentre'), references.costCentre] as [string, string]] : []),
					...(references.invoiceEmail ? [[t('order.invoiceEmail'), references.invoiceEmail] as [string, string]] : []),
					[t('invoices.issued'), formatDay(invoice.issueDate, locale)],
					[t('invoices.due'), formatDay(invoice.dueDate, locale)],
					[t('invoices.total'), money(invoice.total)],
					...(invoice.charges > 0 ? [[t('invoice.charges'), money(invoice.charges)] as [string, string]] : []),
					[t('invoice.paid'), money(invoice.paidAmount)],
					[t('invoices.outstanding'), money(isInvoice && !creditNote ? outstanding : 0)],
					...(isInvoice && overpaid > 0 ? [[t('invoice.overpaid'), money(overpaid)] as [string, string]] : []),
					...(invoice.creditedAmount > 0 && !creditNote
						? [[t('credit.credited'), money(invoice.creditedAmount)] as [string, string]]
						: []),
					...(creditNote
						? [
								[t('invoice.creditedBy'), `${creditNote.number} · ${formatDay(creditNote.issueDate, locale)}`] as [
									string,
									string,
								],
							]
						: []),
				]}
			/>
			{isInvoice && !creditNote && (
				<Section id="invoice-payment-title" title={t('payment.title')}>
					<PaymentForm
						key={`${invoice.paidAmount}`}
						today={today}
						outstanding={outstanding}
						paidBefore={invoice.paidAmount}
						errors={refused && 'errors' in refused ? refused.errors : undefined}
						values={refused && 'values' in refused ? refused.values : undefined}
					/>
				</Section>
			)}
			{creditNotes.length > 0 && (
				<Section id="invoice-credits-title" title={t('credit.list')}>
					<ul className="space-y-1 text-sm" data-credit-notes>
						{creditNotes.map((credit) => (
							<li key={credit.id}>
								<Link to={`/admin/invoices/${credit.id}`} className="text-teal-900 underline">
									{t('credit.item', {
										number: credit.number,
										date: formatDay(credit.issueDate, locale),
										amount: money(credit.total),
									})}
								</Link>
								{credit.note ? ` · ${credit.note}` : ''}
							</li>
						))}
					</ul>
				</Section>
			)}
			{isInvoice && !creditNote && (
				<PartialCreditForm
					lines={lines}
					money={money}
					errors={refused && 'creditErrors' in refused ? refused.creditErrors : undefined}
					values={refused && 'creditValues' in refused ? refused.creditValues : undefined}
				/>
			)}
			<Section id="invoice-history-title" title={t('invoice.history')}>
				<History payments={payments} reminders={reminders} money={money} />
			</Section>
			{isInvoice && !creditNote && outstanding > 0 && (
				<Section id="invoice-reminders-title" title={t('invoice.reminders')}>
					<p className="text-sm">{t(invoice.remindersPaused ? 'invoice.remindersHeld' : 'invoice.remindersOn')}</p>
					<Form method="post">
						<AuthenticityTokenInput />
						<Hidden name="intent" value="pause" />
						<Hidden name="paused" value={invoice.remindersPaused ? 'off' : 'on'} />
						<Button variant="secondary" type="submit">
							{t(invoice.remindersPaused ? 'invoice.resume' : 'invoice.pause')}
						</Button>
					</Form>
				</Section>
			)}
		</article>
	)
}

type Data = Awaited<ReturnType<typeof loader>>

// Payments and reminders in the order they happened.
function History({
	payments,
	reminders,
	money,
}: Pick<Data, 'payments' | 'reminders'> & { money: (amount: number) => string }) {
	const { locale, t } = useAdminI18n()
	const items = [
		...payments.map((payment) => ({
			key: `p${payment.id}`,
			day: payment.paidOn,
			text: `${t('invoice.paymentLine', { amount: money(payment.amount), method: t(`payment.methods.${payment.method}`) })}${payment.note ? ` · ${payment.note}` : ''}${payment.userName ? ` · ${payment.userName}` : ''}`,
		})),
		...reminders.map((reminder) => ({
			key: `r${reminder.id}`,
			day: reminder.sentOn,
			text: t('invoice.reminderLine', { number: reminder.number, fee: money(reminder.fee + reminder.interest) }),
		})),
	].sort((a, b) => a.day.localeCompare(b.day))
	if (items.length === 0) return <p className="text-slate-600">{t('invoice.noHistory')}</p>
	return (
		<ol className="space-y-1" data-invoice-history>
			{items.map((item) => (
				<li key={item.key}>
					<span className="text-slate-600">{formatDay(item.day, locale)}</span> · {item.text}
				</li>
			))}
		</ol>
	)
}
