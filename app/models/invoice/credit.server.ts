import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Transaction } from '#database/client.ts'
import { invoices, type InvoiceLine } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { auditText } from '#app/models/audit/text.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { takeInvoiceNumber, type Invoice } from '#app/models/invoice/invoice.server.ts'
import { invoiceTotals } from '#app/models/invoice/lines.ts'
import { lockInvoice, PaymentRefused } from '#app/models/invoice/payments.server.ts'
import { parseDanishAmount } from '#app/models/invoice/amounts.ts'
import { invoicePdfOf } from '#app/models/invoice/pdf.server.ts'
import { invoiceFileName } from '#app/models/invoice/file-names.ts'
import { owedOn } from '#app/models/invoice/statuses.ts'
import { sendOrderMails } from '#app/models/order/mail.server.ts'
import { mailText } from '#app/models/mail-text.server.ts'
import { todayInDenmark, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { formatPrice } from '#app/utils/format.ts'
import type { Locale } from '#app/utils/locales.ts'

const round2 = (amount: number) => Math.round(amount * 100) / 100
const reason = z.string().trim().min(1, 'reason').max(500, 'too-long')

// Some of the invoice's lines, or an amount without VAT, taken off with a reason; the order goes on.
export const PartialCreditSchema = z.discriminatedUnion('by', [
	z.object({
		by: z.literal('lines'),
		lines: z.array(z.coerce.number().int().min(0)).min(1, 'lines'),
		reason,
	}),
	z.object({
		by: z.literal('amount'),
		// As staff type it ("1.250,50" or "1250.50"), never guessed.
		amount: z
			.string()
			.transform((value) => parseDanishAmount(value))
			.refine((value): value is number => value !== null && value > 0 && value < 10_000_000, 'amount')
			.transform((value) => value as number),
		reason,
	}),
])
export type PartialCredit = z.infer<typeof PartialCreditSchema>

type CreditRefusal = 'not-found' | 'credited' | 'too-much' | 'lines'
export class CreditRefused extends Error {
	readonly reason: CreditRefusal
	constructor(reason: CreditRefusal) {
		super(reason)
		this.reason = reason
	}
}

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl'>

// A credit note for part of an invoice: its own number, the chosen lines (or one line of the
// amount), the invoice's VAT, the reason printed on it. The invoice's balance falls by its total
// in the same transaction (all the lists, the account, the reminders and the bank matching read
// it); crediting the rest of an invoice this way cancels it as a full credit note would. The
// customer is mailed the credit note with what is left to pay.
export async function issuePartialCredit(
	services: Services,
	staff: { id: number; name: string },
	invoiceId: number,
	input: PartialCredit,
	today: CalendarDate = todayInDenmark(),
) {
	const { credit, invoice } = await services.db.transaction(async (tx) => {
		const invoice = await lockInvoice(tx, invoiceId).catch((error: unknown) => {
			throw error instanceof PaymentRefused
				? new CreditRefused(error.reason === 'credited' ? 'credited' : 'not-found')
				: error
		})
		const lines = creditLines(invoice, input)
		const totals = invoiceTotals(lines, invoice.vatPercent)
		const credited = round2(invoice.creditedAmount + totals.total)
		if (credited > invoice.total + 0.004) throw new CreditRefused('too-much')
		const credit = await insertCredit(tx, invoice, { lines, ...totals, note: input.reason }, today)
		const [updated] = await tx
			.update(invoices)
			.set({ creditedAmount: credited, credited: credited >= invoice.total - 0.004 })
			.where(eq(invoices.id, invoice.id))
			.returning()
		return { credit, invoice: updated! }
	})
	await recordAudit(services, staff, {
		action: 'create',
		subjectType: 'invoice',
		subjectId: invoice.id,
		summary: `Credit note ${credit.number} on invoice ${invoice.number}: ${credit.total.toFixed(2)} (${input.reason})`,
		text: auditText('creditIssued', {
			credit: credit.number,
			invoice: invoice.number,
			amount: { number: credit.total },
			reason: input.reason,
		}),
	})
	await announceOrder(services, invoice.orderId)
	await mailCredit(services, invoice, credit)
	return credit
}

function creditLines(invoice: Invoice, input: PartialCredit): InvoiceLine[] {
	if (input.by === 'lines') {
		const chosen = [...new Set(input.lines)].map((index) => invoice.lines[index])
		if (chosen.some((line) => !line)) throw new CreditRefused('lines')
		return chosen as InvoiceLine[]
	}
	const description = mailText(invoice.locale as Locale, 'invoice.creditLine', { number: invoice.number })
	const amount = round2(input.amount)
	return [{ description, quantity: 1, unit: 'items', unitPrice: amount, amount }]
}

async function insertCredit(
	tx: Transaction,
	invoice: Invoice,
	values: Pick<Invoice, 'lines' | 'net' | 'vat' | 'total' | 'note'>,
	today: CalendarDate,
) {
	const { id: _id, number: _number, createdAt: _createdAt, searchText: _search, ...rest } = invoice
	const [credit] = await tx
		.insert(invoices)
		.values({
			...rest,
			...values,
			kind: 'credit_note',
			number: await takeInvoiceNumber(tx, 'credit_note'),
			creditsInvoiceId: invoice.id,
			issueDate: today,
			dueDate: today,
			paidAmount: 0,
			paidOn: null,
			charges: 0,
			credited: false,
			creditedAmount: 0,
			remindersPaused: false,
		})
		.returning()
	return credit!
}

async function mailCredit(services: Services, invoice: Invoice, credit: Invoice) {
	const locale = invoice.locale as Locale
	const owed = owedOn(invoice)
	await sendOrderMails(services, invoice.orderId, 'update', {
		finance: 'copy',
		notes: [owed > 0 ? 'mail.order.creditNote' : 'mail.order.creditNotePaid'],
		vars: {
			credit: String(credit.number),
			invoice: String(invoice.number),
			reason: credit.note ?? '',
			owed: formatPrice(owed, invoice.currency, locale),
		},
		attachments: [
			{
				filename: invoiceFileName(credit, 'pdf'),
				content: await invoicePdfOf(services.db, credit),
				contentType: 'application/pdf',
			},
		],
	})
}
