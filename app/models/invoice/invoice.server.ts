import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#database/client.ts'
import {
	invoiceSequences,
	invoices,
	orders,
	quotes,
	settings as settingsTable,
	type InvoiceKind,
	type InvoiceLine,
} from '#database/schema.ts'
import { addCalendarDays, todayInDenmark, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { invoiceLinesFromQuote, invoiceTotals } from '#app/models/invoice/lines.ts'
import { renderOioubl } from '#app/models/invoice/oioubl.ts'
import type { SavedQuoteDetails } from '#app/models/quote/quote.server.ts'
import { DEFAULT_MESSAGES } from '#app/models/translation.server.ts'
import { translate } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'
import { agreedPaymentDays } from '#app/models/order/terms.server.ts'

export type { Transaction }
export type Invoice = typeof invoices.$inferSelect

// The next number of its kind, in the transaction that writes the invoice: the sequence's row stays
// locked until that transaction ends, so a second process waits for it, and a rollback gives the
// number back. Invoices and credit notes each run 1, 2, 3… without a gap.
export async function takeInvoiceNumber(tx: Transaction, kind: InvoiceKind): Promise<number> {
	const [row] = await tx
		.update(invoiceSequences)
		.set({ last: sql`${invoiceSequences.last} + 1` })
		.where(eq(invoiceSequences.kind, kind))
		.returning({ last: invoiceSequences.last })
	if (!row) throw new Error(`no invoice sequence for ${kind}`)
	return row.last
}

// The invoice for a delivered order, on the quote's frozen prices, with the agency's details as they
// are today, due after the days of credit the customer accepted. Called in the delivery's transaction.
export async function issueInvoice(
	tx: Transaction,
	orderId: number,
	today: CalendarDate = todayInDenmark(),
): Promise<Invoice> {
	const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
	const [quote] = await tx.select().from(quotes).where(eq(quotes.id, order!.quoteId))
	const [agency] = await tx.select().from(settingsTable).where(eq(settingsTable.id, 1))
	const details = quote!.details as unknown as SavedQuoteDetails
	// A business in another EU country accounts for the VAT itself (reverse charge).
	const vatPercent = order!.customer.kind === 'foreign' ? 0 : details.vatPercent
	const locale = order!.locale as Locale
	const lines = invoiceLinesFromQuote(details, quote!.copies, DEFAULT_MESSAGES[locale], locale)
	const { customer } = order!
	const [invoice] = await tx
		.insert(invoices)
		.values({
			kind: 'invoice',
			number: await takeInvoiceNumber(tx, 'invoice'),
			orderId: order!.id,
			locale,
			issueDate: today,
			dueDate: addCalendarDays(today, agreedPaymentDays(order!.terms, agency!.paymentTermsDays)),
			currency: quote!.currency,
			seller: {
				name: agency!.agencyName,
				address: agency!.address,
				cvr: agency!.cvr,
				ean: null,
				email: agency!.email,
				bank: {
					name: agency!.bankName,
					regNo: agency!.bankRegNo,
					account: agency!.bankAccount,
					iban: agency!.iban,
					bic: agency!.bic,
					fiCreditor: agency!.fiCreditor || null,
				},
			},
			buyer: {
				name: customer.companyName ?? customer.name,
				address: customer.companyAddress ?? '',
				cvr: customer.companyCvr ? String(customer.companyCvr) : null,
				ean: customer.ean,
				email: customer.email,
				vatNumber: customer.vatNumber ?? null,
				contact: { reference: customer.buyerReference ?? null, name: customer.name, phone: customer.phone },
			},
			purchaseOrder: customer.purchaseOrder,
			lines,
			vatPercent,
			...invoiceTotals(lines, vatPercent),
		})
		.returning()
	return invoice!
}

// A credit note cancelling an invoice in full: the same lines and totals, its own number. After
// partial credit notes it credits what they left: one line of the rest, without VAT.
export async function creditInvoice(
	tx: Transaction,
	invoice: Invoice,
	today: CalendarDate = todayInDenmark(),
): Promise<Invoice> {
	const { id: _id, number: _number, createdAt: _createdAt, ...rest } = invoice
	const remainder = invoice.creditedAmount > 0 ? await remainderOf(tx, invoice) : {}
	const [credit] = await tx
		.insert(invoices)
		.values({
			...rest,
			...remainder,
			creditedAmount: 0,
			kind: 'credit_note',
			number: await takeInvoiceNumber(tx, 'credit_note'),
			creditsInvoiceId: invoice.id,
			issueDate: today,
			dueDate: today,
			paidAmount: 0,
			paidOn: null,
			credited: false,
		})
		.returning()
	await tx.update(invoices).set({ credited: true }).where(eq(invoices.id, invoice.id))
	return credit!
}

async function remainderOf(tx: Transaction, invoice: Invoice) {
	const [earlier] = await tx
		.select({ net: sql<string>`coalesce(sum(${invoices.net}), 0)` })
		.from(invoices)
		.where(and(eq(invoices.creditsInvoiceId, invoice.id), eq(invoices.kind, 'credit_note')))
	const net = Math.round((invoice.net - Number(earlier?.net ?? 0)) * 100) / 100
	const description = translate(DEFAULT_MESSAGES[invoice.locale as Locale], 'invoice.creditLine', {
		number: invoice.number,
	})
	const lines: InvoiceLine[] = [{ description, quantity: 1, unit: 'items', unitPrice: net, amount: net }]
	return { lines, ...invoiceTotals(lines, invoice.vatPercent) }
}

// The order's invoice that no credit note has cancelled in full, if any (a partial one leaves it open).
export async function openInvoiceOf(db: Database | Transaction, orderId: number): Promise<Invoice | null> {
	const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId))
	return rows.find((row) => row.kind === 'invoice' && !row.credited) ?? null
}

export async function findInvoice(db: Database, id: number): Promise<Invoice | null> {
	const [row] = await db.select().from(invoices).where(eq(invoices.id, id))
	return row ?? null
}

// OIOUBL 2.1 XML of an invoice or credit note for a buyer with an EAN (a public body).
export async function invoiceXml(db: Database, invoice: Invoice): Promise<string> {
	const [order] = await db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, invoice.orderId))
	const credited = invoice.creditsInvoiceId ? await findInvoice(db, invoice.creditsInvoiceId) : null
	return renderOioubl({
		...invoice,
		uuid: uuidOf(invoice),
		orderReference: invoice.purchaseOrder ?? order!.reference,
		credits: credited ? { number: credited.number, issueDate: credited.issueDate } : null,
	})
}

// A stable UUID per document (a name-based one, version 5 style), so the same invoice downloaded
// twice is the same document to NemHandel.
function uuidOf(invoice: Invoice) {
	const hex = createHash('sha256')
		.update(`tolk:${invoice.kind}:${invoice.number}:${invoice.createdAt.toISOString()}`)
		.digest('hex')
	const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
