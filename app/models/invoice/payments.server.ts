import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { invoiceReminders, invoices, orders, PAYMENT_METHODS, payments } from '#database/schema.ts'
import { asCalendarDate, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { recordAudit, type AuditServices } from '#app/models/audit/record.server.ts'
import type { Transaction } from '#app/models/invoice/invoice.server.ts'
import { parseDanishAmount } from '#app/models/invoice/amounts.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { auditText, textOf } from '#app/models/audit/text.ts'

export class PaymentRefused extends Error {
	readonly reason: 'not-found' | 'credit-note' | 'credited' | 'stale'
	constructor(reason: PaymentRefused['reason']) {
		super(reason)
		this.reason = reason
	}
}

// The payment form: an amount as staff type it ("1.250,50" or "1250.50"), never guessed.
export const PaymentSchema = z.object({
	paidOn: z.string().refine((value) => asCalendarDate(value) !== null, 'date'),
	amount: z
		.string()
		.transform((value) => parseDanishAmount(value))
		.refine((value): value is number => value !== null && value > 0, 'amount')
		.transform((value) => value as number),
	method: z.enum(PAYMENT_METHODS, 'method'),
	note: z.string().trim().max(500, 'too-long').default(''),
	// What the form was shown as paid: a payment someone registered meanwhile is not doubled.
	paidBefore: z.coerce.number().min(0),
})
export type PaymentInput = z.infer<typeof PaymentSchema>

type Actor = { id: number | null; name: string }

// Adds a payment to an invoice in one transaction that locks the invoice's row: the paid sum and
// date move with it, and two staff who register the same payment at once register it once (the
// second sees the sum has changed and is told so).
export async function registerPayment(services: AuditServices, staff: Actor, invoiceId: number, input: PaymentInput) {
	const payment = await services.db.transaction(async (tx) => {
		const invoice = await lockInvoice(tx, invoiceId)
		if (Math.abs(invoice.paidAmount - input.paidBefore) > 0.004) throw new PaymentRefused('stale')
		return addPayment(tx, invoice, { ...input, userName: staff.name })
	})
	await recordAudit(services, staff, {
		action: 'create',
		subjectType: 'payment',
		subjectId: invoiceId,
		summary: `${payment.invoiceNumber}: ${payment.amount.toFixed(2)} (${payment.method})`,
		text: auditText('paymentRegistered', {
			number: payment.invoiceNumber,
			amount: { number: payment.amount },
			method: textOf(`payment.methods.${payment.method}`),
		}),
	})
	// The customer's open order page shows the invoice as paid at once.
	await announceOrder(services, payment.orderId)
	return payment
}

export async function lockInvoice(tx: Transaction, invoiceId: number) {
	const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
	if (!invoice) throw new PaymentRefused('not-found')
	if (invoice.kind !== 'invoice') throw new PaymentRefused('credit-note')
	if (invoice.credited) throw new PaymentRefused('credited')
	return invoice
}

type NewPayment = Omit<PaymentInput, 'paidBefore'> & { userName: string }

export async function addPayment(
	tx: Transaction,
	invoice: { id: number; number: number; orderId: number },
	input: NewPayment,
) {
	const [payment] = await tx
		.insert(payments)
		.values({
			invoiceId: invoice.id,
			paidOn: input.paidOn,
			amount: input.amount,
			method: input.method,
			note: input.note,
			userName: input.userName,
		})
		.returning()
	await tx
		.update(invoices)
		.set({
			paidAmount: sql`${invoices.paidAmount} + ${input.amount}`,
			paidOn: sql`greatest(coalesce(${invoices.paidOn}, ''), ${input.paidOn})`,
		})
		.where(eq(invoices.id, invoice.id))
	return { ...payment!, invoiceNumber: invoice.number, orderId: invoice.orderId }
}

// Staff hold or resume the reminders of one invoice.
export async function pauseReminders(services: AuditServices, staff: Actor, invoiceId: number, paused: boolean) {
	await services.db.update(invoices).set({ remindersPaused: paused }).where(eq(invoices.id, invoiceId))
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'invoice',
		subjectId: invoiceId,
		summary: paused ? 'reminders paused' : 'reminders resumed',
		text: auditText(paused ? 'remindersPaused' : 'remindersResumed'),
	})
}

// One invoice with its payments, reminders and the credit note that cancels it, if any.
export async function findInvoiceAccount(db: AuditServices['db'], invoiceId: number) {
	const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId))
	if (!invoice) return null
	const [paid, reminders, credits, [order]] = await Promise.all([
		db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.paidOn), asc(payments.id)),
		db
			.select()
			.from(invoiceReminders)
			.where(eq(invoiceReminders.invoiceId, invoiceId))
			.orderBy(asc(invoiceReminders.number)),
		db
			.select({
				id: invoices.id,
				number: invoices.number,
				issueDate: invoices.issueDate,
				total: invoices.total,
				note: invoices.note,
			})
			.from(invoices)
			.where(and(eq(invoices.creditsInvoiceId, invoiceId), eq(invoices.kind, 'credit_note')))
			.orderBy(asc(invoices.id)),
		// The references the buyer's finance office books it by, as the order has them.
		db.select({ customer: orders.customer }).from(orders).where(eq(orders.id, invoice.orderId)),
	])
	// The credit note that cancelled it (the last, when the invoice is credited in full), and all of them.
	const creditNote = invoice.credited ? (credits.at(-1) ?? null) : null
	const references = {
		costCentre: order?.customer.costCentre ?? null,
		invoiceEmail: order?.customer.invoiceEmail ?? null,
	}
	return { invoice, payments: paid, reminders, creditNote, creditNotes: credits, references, today: todayInDenmark() }
}
