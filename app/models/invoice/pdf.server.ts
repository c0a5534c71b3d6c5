import { eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { invoices, orders } from '#database/schema.ts'
import type { Invoice } from '#app/models/invoice/invoice.server.ts'
import { fiPaymentLine } from '#app/models/invoice/payment-reference.ts'
import { createPdfWriter } from '#app/models/pdf/writer.server.ts'
import { DEFAULT_MESSAGES } from '#app/models/translation.server.ts'
import { formatNumber, formatPrice, formatDay } from '#app/utils/format.ts'
import { translate } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'

// The invoice or credit note as an A4 PDF in the order's language: the agency with its CVR and
// bank account, the customer with CVR or EAN, the lines as quoted, VAT and the payment terms.
export async function renderInvoicePdf(invoice: Invoice, order: OrderReferences = NO_ORDER): Promise<Uint8Array> {
	const locale = invoice.locale as Locale
	const t = (key: string, vars: Record<string, string | number> = {}) =>
		translate(DEFAULT_MESSAGES[locale], key, vars).replace(/<[^>]*>/g, '')
	const money = (amount: number) => formatPrice(amount, invoice.currency, locale)
	const day = (value: string) => formatDay(value, locale)
	const credit = invoice.kind === 'credit_note'
	const title = `${t(credit ? 'invoice.creditNote' : 'invoice.title')} ${invoice.number}`
	const writer = await createPdfWriter(title)
	const { line, space, save } = writer
	const { seller, buyer } = invoice

	agencyLines(writer, seller)
	line(title, { size: 20, isBold: true })
	line(`${t('invoice.issued')}: ${day(invoice.issueDate)}`, { size: 10 })
	if (!credit) line(`${t('invoice.due')}: ${day(invoice.dueDate)}`, { size: 10 })
	if (order.reference) line(`${t('invoice.orderReference')}: ${order.reference}`, { size: 10 })
	if (invoice.purchaseOrder) line(`${t('invoice.purchaseOrder')}: ${invoice.purchaseOrder}`, { size: 10 })
	if (order.costCentre) line(`${t('invoice.costCentre')}: ${order.costCentre}`, { size: 10 })
	if (buyer.contact?.reference) line(`${t('invoice.buyerReference')}: ${buyer.contact.reference}`, { size: 10 })
	if (credit && order.credits) line(`${t('invoice.credits', { number: order.credits })}`, { size: 10 })
	if (credit && invoice.note) line(`${t('invoice.creditReason')}: ${invoice.note}`, { size: 10 })
	space(10)
	line(t('invoice.to'), { size: 9 })
	line(buyer.name, { isBold: true })
	if (buyer.address) line(buyer.address, { size: 10 })
	if (buyer.cvr) line(`CVR ${buyer.cvr}`, { size: 10 })
	if (buyer.ean) line(`EAN ${buyer.ean}`, { size: 10 })
	if (buyer.vatNumber) line(`${t('invoice.vatNumber')} ${buyer.vatNumber}`, { size: 10 })
	space(12)
	for (const item of invoice.lines) {
		const quantity =
			item.quantity === 1 && item.unit === 'items'
				? ''
				: `${formatNumber(item.quantity, locale)} × ${money(item.unitPrice)}: `
		line(`${quantity}${item.description}`, { size: 10, right: money(item.amount) })
	}
	space(6)
	line(t('quote.total'), { isBold: true, right: money(invoice.net) })
	line(t('quote.vat', { vat: invoice.vatPercent }), { right: money(invoice.vat) })
	line(t('quote.totalWithVat'), { isBold: true, right: money(invoice.total) })
	if (buyer.vatNumber) line(t('invoice.reverseCharge'), { size: 9 })
	space(14)
	if (!credit) {
		line(t('invoice.terms', { date: day(invoice.dueDate), number: invoice.number }), { size: 10 })
		paymentLines(writer, invoice, t)
	}
	return save()
}

type Writer = Awaited<ReturnType<typeof createPdfWriter>>

// What the invoice's order tells its reader: the order's reference, the company's cost centre, and
// for a credit note the invoice it credits.
type OrderReferences = { reference: string | null; costCentre: string | null; credits: number | null }
const NO_ORDER: OrderReferences = { reference: null, costCentre: null, credits: null }

// The PDF as the customer gets it (mail, account, staff): with its order's references.
export async function invoicePdfOf(db: Database, invoice: Invoice): Promise<Uint8Array> {
	const [order] = await db
		.select({ reference: orders.reference, customer: orders.customer })
		.from(orders)
		.where(eq(orders.id, invoice.orderId))
	const [credited] = invoice.creditsInvoiceId
		? await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoice.creditsInvoiceId))
		: []
	return renderInvoicePdf(invoice, {
		reference: order?.reference ?? null,
		costCentre: order?.customer.costCentre ?? null,
		credits: credited?.number ?? null,
	})
}

// The agency at the top of an invoice, a credit note or a reminder.
export function agencyLines({ line, space }: Writer, seller: Invoice['seller']) {
	line(seller.name, { isBold: true })
	line(seller.address, { size: 10 })
	line(`CVR ${seller.cvr}  ·  ${seller.email}`, { size: 10 })
	space(14)
}

// Where to pay: the account, IBAN and BIC, and the FI line with the invoice's payment ID.
export function paymentLines({ line }: Writer, invoice: Invoice, t: (key: string) => string) {
	const bank = invoice.seller.bank
	if (bank.account)
		line(`${bank.name ? `${bank.name}: ` : ''}${t('invoice.account')} ${bank.regNo} ${bank.account}`, { size: 10 })
	if (bank.iban) line(`IBAN ${bank.iban}${bank.bic ? `  ·  BIC ${bank.bic}` : ''}`, { size: 10 })
	if (bank.fiCreditor) line(`${t('invoice.fiCard')}: ${fiPaymentLine(invoice.number, bank.fiCreditor)}`, { size: 10 })
}
