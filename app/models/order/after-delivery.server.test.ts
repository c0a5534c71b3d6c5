import { describe, expect, test } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { auditEvents, invoices, jobs, orderEvents, orders, settings, translators, users } from '#database/schema.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import {
	acceptDelivery,
	afterDeliveryOf,
	rateOrder,
	ratingsOfTranslator,
	requestRevision,
} from '#app/models/order/after-delivery.server.ts'
import { againChoices } from '#app/models/customer/again.server.ts'
import { deliverableOrder, setupOrderTests } from '#tests/setup/orders.ts'

const { db, mails, services, staff } = setupOrderTests()

async function delivered() {
	const order = await deliverableOrder(services(), staff)
	await changeOrderStatus(services(), staff, order.id, 'delivered')
	return order
}

describe('after a delivery', () => {
	test('a revision with a reason moves the order, tells the agency, and is delivered again without a second invoice', async () => {
		const order = await delivered()
		const heard: string[] = []
		const live = () => ({ ...services(), broadcast: async (stream: string) => void heard.push(stream) })
		expect(await requestRevision(live(), order.token, 'too short')).toBe('too-short')
		expect(await requestRevision(live(), order.token, 'x'.repeat(2001))).toBe('too-long')
		mails.length = 0
		expect(await requestRevision(live(), order.token, 'Page 3 is missing its table.')).toBe('requested')
		const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(row!.status).toBe('revision_requested')
		expect(heard).toEqual(expect.arrayContaining([`order:${order.id}`, 'staff:orders']))
		// The customer's change of status is in the audit log, as staff's are.
		const [audited] = await db()
			.select()
			.from(auditEvents)
			.where(and(eq(auditEvents.subjectType, 'order'), eq(auditEvents.subjectId, String(order.id))))
			.orderBy(desc(auditEvents.id))
			.limit(1)
		expect(audited).toMatchObject({ userName: 'Ida Holm (customer)' })
		expect(audited!.summary).toContain('delivered → revision_requested')
		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain('Page 3 is missing its table.')
		expect(mails[0]!.text).toContain(`/admin/orders/${order.id}`)
		const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
		expect(events.find((event) => event.kind === 'revision')!.body).toBe('Page 3 is missing its table.')
		// Asked once: the order is no longer "delivered".
		expect(await requestRevision(live(), order.token, 'And page 4 as well, please.')).toBe('not-possible')

		await changeOrderStatus(services(), staff, order.id, 'in_progress', 'We are on it.')
		await changeOrderStatus(services(), staff, order.id, 'delivered')
		const billed = await db().select().from(invoices).where(eq(invoices.orderId, order.id))
		expect(billed).toHaveLength(1)
	})

	test('the revision window closes after the setting’s days; 0 turns it off', async () => {
		const order = await delivered()
		const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000)
		await db().update(orders).set({ deliveredAt: fifteenDaysAgo }).where(eq(orders.id, order.id))
		expect(await requestRevision(services(), order.token, 'The names are misspelt.')).toBe('not-possible')
		await db().update(settings).set({ revisionDays: 30 })
		expect(
			(await afterDeliveryOf(db(), { ...order, status: 'delivered', deliveredAt: fifteenDaysAgo, acceptedAt: null }))
				.mayRevise,
		).toBe(true)
		await db().update(settings).set({ revisionDays: 0 })
		expect(
			(await afterDeliveryOf(db(), { ...order, status: 'delivered', deliveredAt: new Date(), acceptedAt: null }))
				.mayRevise,
		).toBe(false)
		await db().update(settings).set({ revisionDays: 14 })
	})

	test('accepting ends the revision window; ratings take a reason for 1 or 2 and show per translator', async () => {
		const order = await delivered()
		expect(await acceptDelivery(services(), order.token)).toBe(true)
		expect(await acceptDelivery(services(), order.token)).toBe(false)
		expect(await requestRevision(services(), order.token, 'Changed my mind about it.')).toBe('not-possible')

		expect(await rateOrder(services(), order.token, { rating: '2', comment: '' })).toEqual({
			ok: false,
			errors: { comment: 'reason' },
		})
		expect(await rateOrder(services(), order.token, { rating: '6', comment: '' })).toMatchObject({
			ok: false,
			errors: { rating: 'rating' },
		})
		expect(await rateOrder(services(), order.token, { rating: '2', comment: 'Late by a day.' })).toEqual({ ok: true })
		expect(await rateOrder(services(), order.token, { rating: '5', comment: '' })).toEqual({ ok: true })

		const [user] = await db()
			.insert(users)
			.values({ email: 'tr@tolk.test', name: 'Tove', passwordHash: 'x', role: 'translator' })
			.returning()
		const [translator] = await db().insert(translators).values({ userId: user!.id }).returning()
		await db().insert(jobs).values({
			orderId: order.id,
			status: 'approved',
			fromLanguage: 'da',
			toLanguage: 'en',
			documentIds: [],
			deadline: new Date(),
			createdBy: 'Sara',
			translatorId: translator!.id,
		})
		const ratings = await ratingsOfTranslator(db(), translator!.id)
		expect(ratings).toMatchObject({ average: 5, count: 1 })
		expect(ratings.latest[0]!.reference).toBe(order.reference)
	})

	test('"Order again" takes the languages, copies and date rule of an order the account sees, and nothing of another', async () => {
		const order = await delivered()
		const access = { customerId: 0, email: order.customer.email.toLowerCase(), companyId: null }
		const choices = await againChoices(db(), access, order.reference, '2000-01-01')
		expect(choices).toMatchObject({ from_language: order.fromLanguage, to_language: order.toLanguage })
		expect(await againChoices(db(), { ...access, email: 'someone@else.dk' }, order.reference, '2000-01-01')).toBeNull()
	})
})
