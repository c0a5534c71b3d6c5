import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders, quotes, requests } from '#database/schema.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { listCustomers } from '#app/models/customer/list.server.ts'
import { deliverableOrder, setupOrderTests } from '#tests/setup/orders.ts'

// The customers list: requests and orders by one address (any case) are one customer.
const { db, services, staff } = setupOrderTests()

async function request(email: string, name: string, companyName: string | null = null) {
	await db()
		.insert(requests)
		.values({
			reference: `R-${Math.random().toString(36).slice(2, 10)}`,
			locale: 'da',
			name,
			email,
			companyName,
			ipHash: 'x',
			fingerprint: Math.random().toString(36),
		})
}

describe('the customers list', () => {
	test('one row per address: requests and orders counted, cancelled orders left out of the total, newest first', async () => {
		const kept = await deliverableOrder(services(), staff)
		const cancelled = await deliverableOrder(services(), staff)
		await changeOrderStatus(services(), staff, cancelled.id, 'cancelled')
		await request('IDA@example.dk', 'Ida H.', 'Holm & Co ApS')
		await request('someone_else@example.dk', 'Bo Berg')
		const [quote] = await db().select().from(quotes).where(eq(quotes.id, kept.quoteId))
		const total = (quote!.details as { quote: { total: number } }).quote.total

		const { customers } = await listCustomers(db(), { q: '', page: 1 })
		expect(customers[0]).toMatchObject({ email: 'someone_else@example.dk', requests: 1, orders: 0, total: 0 })
		const ida = customers.find((customer) => customer.email.toLowerCase() === 'ida@example.dk')!
		expect(ida).toMatchObject({ requests: 1, orders: 2, total, company: 'Holm & Co ApS', name: 'Ida H.' })

		// A search finds by name, address or company; LIKE's wildcards are only themselves.
		expect((await listCustomers(db(), { q: 'holm & co', page: 1 })).customers.map((row) => row.name)).toEqual([
			'Ida H.',
		])
		expect((await listCustomers(db(), { q: 'else@', page: 1 })).total).toBe(1)
		expect((await listCustomers(db(), { q: 'bo_berg', page: 1 })).total).toBe(0)
		expect((await listCustomers(db(), { q: '%', page: 1 })).total).toBe(0)
		await db().delete(orders)
	})
})
