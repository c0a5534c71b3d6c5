import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { companies, invoices, settings } from '#database/schema.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { listOrders, OrderFilterSchema } from '#app/models/order/admin.server.ts'
import { issuePartialCredit } from '#app/models/invoice/credit.server.ts'
import { sendDueReminders } from '#app/models/invoice/reminders.server.ts'
import { findInvoiceAccount } from '#app/models/invoice/payments.server.ts'
import { addCalendarDays, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { acceptFields, inProgressWithFile, savedQuote, setupOrderTests } from '#tests/setup/orders.ts'

// A business's finance office: named on the order, it receives the invoice, the reminders and the
// credit notes; staff see and find its references.
const { db, mails, services, staff } = setupOrderTests()
const CVR = 41414141

async function companyOrder(values: Record<string, string>) {
	await db()
		.insert(companies)
		.values({ cvr: CVR, name: 'Bogholderi & Co ApS', searchName: 'bogholderi co', isActive: true })
		.onConflictDoNothing()
	const { quoteId } = await savedQuote(db(), 3000)
	const fields = acceptFields({ email: 'ida@firma.dk', customer_kind: 'company', company_cvr: String(CVR), ...values })
	const accepted = await acceptQuote(services(), quoteId, fields, 'da')
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	return inProgressWithFile(services(), staff, accepted.token)
}

const to = (address: string) => mails.filter((mail) => mail.to === address)

describe('the finance office named on the order', () => {
	test('gets the invoice with the references it books by, the reminders and the credit notes; the orderer a copy', async () => {
		const order = await companyOrder({
			invoice_email: 'Faktura@Firma.dk',
			purchase_order: 'PO-7',
			cost_centre: 'CC-4410',
		})
		mails.length = 0
		const { invoice } = await changeOrderStatus(services(), staff, order.id, 'delivered')
		const pdf = `faktura-${invoice!.number}.pdf`

		// The orderer's delivery mail carries the invoice as before; the finance office gets its own.
		expect(to('ida@firma.dk')[0]!.attachments!.map((file) => file.filename)).toContain(pdf)
		const [finance] = to('faktura@firma.dk')
		expect(finance!.subject).toBe(`Faktura ${invoice!.number} for ordre ${order.reference}`)
		expect(finance!.text).toContain('Jeres reference: PO-7')
		expect(finance!.text).toContain('Omkostningssted: CC-4410')
		expect(finance!.text).not.toContain(order.token)
		expect(finance!.attachments!.map((file) => file.filename)).toEqual([pdf])

		// A reminder goes to the finance office, the orderer in copy.
		await db().update(settings).set({ reminderGraceDays: 3, reminderFee: 100 }).where(eq(settings.id, 1))
		const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice!.id))
		mails.length = 0
		await sendDueReminders(services(), new Date(`${addCalendarDays(row!.dueDate as CalendarDate, 3)}T10:00:00Z`))
		const reminders = mails.filter((mail) => mail.subject.includes(`faktura ${invoice!.number} `))
		expect(reminders.map((mail) => [mail.to, mail.cc])).toEqual([['faktura@firma.dk', 'ida@firma.dk']])
		// No link that opens the order's files in what the finance office reads.
		expect(reminders[0]!.text).not.toContain(`/ordre/${order.token}`)

		// So does a credit note.
		mails.length = 0
		const credit = await issuePartialCredit(services(), staff, invoice!.id, {
			by: 'amount',
			amount: 100,
			reason: 'Rabat',
		})
		expect(mails.map((mail) => [mail.to, mail.cc])).toEqual([['faktura@firma.dk', 'ida@firma.dk']])
		expect(mails[0]!.attachments!.map((file) => file.filename)).toEqual([`kreditnota-${credit.number}.pdf`])
		expect(mails[0]!.text).not.toContain(order.token)

		// Staff see its references on the invoice and find the order by them.
		expect((await findInvoiceAccount(db(), invoice!.id))!.references).toEqual({
			costCentre: 'CC-4410',
			invoiceEmail: 'faktura@firma.dk',
		})
		const search = (q: string) =>
			listOrders(db(), OrderFilterSchema.parse({ status: '', pair: '', translator: '', q }), 1)
		for (const q of ['CC-4410', 'PO-7', 'faktura@firma']) {
			expect((await search(q)).orders.map((found) => found.id)).toEqual([order.id])
		}
	})

	test('cancelled after delivery, the credit note goes with the mail that says so; without one, all goes to the orderer', async () => {
		const named = await companyOrder({ invoice_email: 'regnskab@firma.dk' })
		await changeOrderStatus(services(), staff, named.id, 'delivered')
		mails.length = 0
		const { credit } = await changeOrderStatus(services(), staff, named.id, 'cancelled')
		expect(credit).toBeTruthy()
		expect(mails.map((mail) => [mail.to, mail.cc])).toEqual([['regnskab@firma.dk', 'ida@firma.dk']])
		expect(mails[0]!.attachments!.map((file) => file.filename)).toEqual([`kreditnota-${credit!.number}.pdf`])

		const plain = await companyOrder({})
		mails.length = 0
		await changeOrderStatus(services(), staff, plain.id, 'delivered')
		expect(mails.map((mail) => mail.to)).toEqual(['ida@firma.dk'])
	})

	test('an address that is not one is refused with the field kept', async () => {
		const { quoteId } = await savedQuote(db(), 100)
		const refused = await acceptQuote(services(), quoteId, acceptFields({ invoice_email: 'bogholderiet' }), 'da')
		expect(refused).toMatchObject({ ok: false, errors: { invoice_email: expect.any(String) } })
	})
})
