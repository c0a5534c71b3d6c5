import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orderFiles, orders, settings } from '#database/schema.ts'
import { addCalendarDays, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { sendDueReminders } from '#app/models/invoice/reminders.server.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { formatPrice } from '#app/utils/format.ts'
import { acceptFields, savedQuote, setupOrderTests } from '#tests/setup/orders.ts'

// The payment terms have one source: what the terms of business say is what the customer accepts,
// what the invoice's due date is counted from, and what the reminders wait for.
const { db, mails, services, staff } = setupOrderTests()

async function acceptedOrder() {
	const { quoteId } = await savedQuote(db())
	const accepted = await acceptQuote(services(), quoteId, acceptFields(), 'da')
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	const [order] = await db().select().from(orders).where(eq(orders.token, accepted.token))
	await db()
		.insert(orderFiles)
		.values({
			orderId: order!.id,
			name: 'kontrakt-en.docx',
			type: 'docx',
			size: 10,
			storedName: `${randomUUID()}.docx`,
		})
	return order!
}

describe('the payment terms', () => {
	test('the accepted terms state the days of credit, the fee and the grace days, and the mail says so', async () => {
		await db()
			.update(settings)
			.set({ paymentTermsDays: 14, reminderGraceDays: 5, reminderFee: 100 })
			.where(eq(settings.id, 1))
		mails.length = 0
		const order = await acceptedOrder()
		expect(order.terms.paymentTermsDays).toBe(14)
		expect(order.terms.body).toContain('Betaling sker mod faktura med 14 dages kredit fra fakturadatoen.')
		expect(order.terms.body).toContain(
			`tidligst 5 dage efter forfaldsdatoen en rykker med et gebyr på ${formatPrice(100, 'DKK', 'da')},`,
		)
		// The demo page said "14 days" of its own while invoices said 8: no number of its own now.
		expect(order.terms.body.match(/dages kredit/g)).toHaveLength(1)
		const confirmation = mails.find((mail) => mail.to === 'ida@example.dk')!
		expect(confirmation.text).toContain('Betaling: faktura med 14 dages kredit fra fakturadatoen')
	})

	test('the invoice is due after the days the customer accepted, though the setting changed since', async () => {
		await db().update(settings).set({ paymentTermsDays: 14, reminderGraceDays: 3 }).where(eq(settings.id, 1))
		const order = await acceptedOrder()
		await db().update(settings).set({ paymentTermsDays: 8 }).where(eq(settings.id, 1))
		const { invoice } = await changeOrderStatus(services(), staff, order.id, 'delivered')
		expect(invoice!.dueDate).toBe(addCalendarDays(invoice!.issueDate as CalendarDate, 14))

		// No reminder before the agreed due date and the grace days after it.
		const day = (offset: number) => new Date(`${addCalendarDays(invoice!.issueDate as CalendarDate, offset)}T10:00:00Z`)
		const reminders = () => mails.filter((mail) => mail.subject.includes(`faktura ${invoice!.number} `))
		mails.length = 0
		for (const offset of [8, 11, 14, 16]) await sendDueReminders(services(), day(offset))
		expect(reminders()).toHaveLength(0)
		await sendDueReminders(services(), day(17))
		expect(reminders()).toHaveLength(1)
	})
})

describe('delivering', () => {
	test('is one step from received, with one mail that carries the invoice', async () => {
		const order = await acceptedOrder()
		mails.length = 0
		const { invoice } = await changeOrderStatus(services(), staff, order.id, 'delivered')
		expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
			['ida@example.dk', `Din oversættelse er klar (${order.reference})`],
		])
		expect(mails[0]!.attachments?.map((file) => file.filename)).toEqual([`faktura-${invoice!.number}.pdf`])
	})
})
