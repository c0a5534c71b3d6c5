import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { invoices, orders } from '#database/schema.ts'
import { extractText, getDocumentProxy } from 'unpdf'
import { invoicePdfOf } from '#app/models/invoice/pdf.server.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { CreditRefused, issuePartialCredit } from '#app/models/invoice/credit.server.ts'
import { registerPayment } from '#app/models/invoice/payments.server.ts'
import { invoiceForCustomer } from '#app/models/invoice/customer.server.ts'
import { listInvoices } from '#app/models/invoice/receivables.server.ts'
import { accountInvoices } from '#app/models/customer/records.server.ts'
import { findInvoice } from '#app/models/invoice/invoice.server.ts'
import { acceptFields, inProgressWithFile, savedQuote, setupOrderTests } from '#tests/setup/orders.ts'

const { db, mails, services, staff } = setupOrderTests()

// A delivered order of 4,000 words in Danish, invoiced.
async function invoiced(email: string) {
	const { quoteId } = await savedQuote(db(), 4000)
	const accepted = await acceptQuote(services(), quoteId, acceptFields({ email }), 'da')
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	const order = await inProgressWithFile(services(), staff, accepted.token)
	const { invoice } = await changeOrderStatus(services(), staff, order.id, 'delivered')
	return invoice!
}

async function pdfText(pdf: Uint8Array) {
	const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true })
	return text.replace(/\s+/g, ' ')
}

const access = (email: string) => ({ customerId: 0, email, companyId: null })

describe('a partial credit note', () => {
	test('lowers what is owed everywhere at once: the order page, the account, the invoice list; the customer is mailed it', async () => {
		const invoice = await invoiced('credit@example.dk')
		mails.length = 0
		const credit = await issuePartialCredit(services(), staff, invoice.id, {
			by: 'amount',
			amount: 200,
			reason: 'Rabat for forsinket levering',
		})
		expect(credit).toMatchObject({
			kind: 'credit_note',
			net: 200,
			vat: 50,
			total: 250,
			note: 'Rabat for forsinket levering',
		})
		expect(credit.creditsInvoiceId).toBe(invoice.id)
		const after = (await findInvoice(db(), invoice.id))!
		expect(after).toMatchObject({ creditedAmount: 250, credited: false })

		const owed = Math.round((invoice.total - 250) * 100) / 100
		expect((await invoiceForCustomer(db(), invoice.orderId))!.outstanding).toBe(owed)
		const listed = await accountInvoices(db(), access('credit@example.dk'))
		expect(listed.rows.find((row) => row.id === invoice.id)!.owed).toBe(owed)
		expect(listed.rows.find((row) => row.id === credit.id)!.status).toBe('credit_note')
		const ledger = await listInvoices(db(), { status: '', aging: '', q: String(invoice.number) })
		expect(ledger.totals.outstanding).toBe(owed)

		// The credit note's PDF names the order, the invoice it credits and why.
		const text = await pdfText(await invoicePdfOf(db(), credit))
		expect(text).toContain(`Kreditnota ${credit.number}`)
		expect(text).toContain(`Krediterer faktura ${invoice.number}`)
		expect(text).toContain('Årsag: Rabat for forsinket levering')
		const [order] = await db().select().from(orders).where(eq(orders.id, invoice.orderId))
		expect(text).toContain(`Ordre: ${order!.reference}`)

		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain(`Vi har udstedt kreditnota ${credit.number} på faktura ${invoice.number}`)
		expect(mails[0]!.attachments!.map((file) => file.filename)).toEqual([`kreditnota-${credit.number}.pdf`])

		// Paying the rest settles it; nothing more may be credited than is left.
		await registerPayment(services(), staff, invoice.id, {
			paidOn: invoice.issueDate,
			amount: owed,
			method: 'bank',
			note: '',
			paidBefore: 0,
		})
		expect((await invoiceForCustomer(db(), invoice.orderId))!.status).toBe('paid')
		const tooMuch = await issuePartialCredit(services(), staff, invoice.id, {
			by: 'amount',
			amount: invoice.net,
			reason: 'Alt',
		}).catch((error: unknown) => error)
		expect(tooMuch).toBeInstanceOf(CreditRefused)
		expect((tooMuch as CreditRefused).reason).toBe('too-much')
	})

	test('of every line is the whole invoice: it is then credited, and a second is refused', async () => {
		const invoice = await invoiced('all-lines@example.dk')
		await issuePartialCredit(services(), staff, invoice.id, {
			by: 'lines',
			lines: invoice.lines.map((_, index) => index),
			reason: 'Bestilt to gange',
		})
		const [after] = await db().select().from(invoices).where(eq(invoices.id, invoice.id))
		expect(after).toMatchObject({ credited: true, creditedAmount: invoice.total })
		expect((await invoiceForCustomer(db(), invoice.orderId))!.status).toBe('credited')
		const again = await issuePartialCredit(services(), staff, invoice.id, {
			by: 'lines',
			lines: [0],
			reason: 'Igen',
		}).catch((error: unknown) => error)
		expect((again as CreditRefused).reason).toBe('credited')
		const missing = await issuePartialCredit(services(), staff, 999_999, {
			by: 'lines',
			lines: [0],
			reason: 'x',
		}).catch((error: unknown) => error)
		expect((missing as CreditRefused).reason).toBe('not-found')
	})
})
