// What a customer's account costs with a long history: one customer with 500 orders and 500
// invoices, among 5,000 orders of 1,000 other customers (copies of one real delivered order), served by
// the built server to the signed-in customer. Each account page under load (autocannon, p50/p99),
// next to the order page (rendered for every visitor, never cached) as the baseline; then the
// lists' searches and filters (a PO, a reference, a document's name, a state) and one order's page.
// Run: npm run build && npm run bench:accounts (DATABASE_URL=… to run it on PostgreSQL)
import { eq, sql } from 'drizzle-orm'
import { customers, invoices, orders } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { findOrCreateCustomer } from '#app/models/customer/account.server.ts'
import { startCustomerSession } from '#app/models/customer/session.server.ts'
import { describeLoad, loadTest } from '#bench/load.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { copiesOfOrder, deliverableOrder, insertStaff } from '#tests/setup/orders.ts'
import { startServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:accounts')

const OWN = 500
const OTHERS = 5_000
const LOAD = { connections: 10, seconds: 8 }
const EMAIL = 'ida@example.dk'

async function seedAccount(database: TestDatabase): Promise<{ token: string; middle: number }> {
	const handle = await openTestDatabase(database)
	try {
		const { db } = handle
		await seedDatabase(db, { companies: 0 })
		const staff = await insertStaff(db)
		const services = testServices({ db })
		const order = await deliverableOrder(services, staff)
		const { invoice } = await changeOrderStatus(services, staff, order.id, 'delivered')
		await copiesOfOrder(db, order.id, OWN - 1 + OTHERS, 'ACC')
		// The first copies stay the customer's; the rest go to 1,000 others, five orders each.
		await db.execute(sql`update ${orders} set customer = jsonb_set(customer, '{email}', to_jsonb('kunde' || (id % 1000) || '@example.dk'))
			where reference like 'ACC-%' and reference >= ${`ACC-${String(OWN - 1).padStart(5, '0')}`}`)
		// Each of the customer's orders has its own PO and a cost centre, as a company's would.
		await db.execute(sql`update ${orders} set customer = customer || jsonb_build_object('purchaseOrder', 'PO-' || id, 'costCentre', 'CC-' || (id % 7), 'companyName', 'Nordlys ApS')
			where lower(customer->>'email') = ${EMAIL}`)
		const own = await db
			.select({ id: orders.id })
			.from(orders)
			.where(sql`lower(${orders.customer}->>'email') = ${EMAIL}`)
		if (own.length !== OWN) throw new Error(`${own.length} orders for the customer, not ${OWN}`)
		const { id: _id, createdAt: _created, ...base } = invoice!
		await db
			.insert(invoices)
			.values(
				own
					.filter((row) => row.id !== order.id)
					.map((row, index) => ({ ...base, orderId: row.id, number: 1000 + index })),
			)
		const customer = await findOrCreateCustomer(db, EMAIL)
		const [row] = await db.select().from(customers).where(eq(customers.id, customer.id))
		if (!row) throw new Error('no account')
		const middle = own[Math.floor(own.length / 2)]!.id
		return { token: await startCustomerSession(db, customer.id), middle }
	} finally {
		await handle.close()
	}
}

const database = await createTestDatabase()
const started = performance.now()
const { token, middle } = await seedAccount(database)
console.log(
	`${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${OWN} orders and invoices of one customer among ${OTHERS} others, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
const server = await startServer({}, { database })
try {
	const headers = [`cookie=tolk_customer=${token}`, 'accept=text/html']
	console.log(`${LOAD.connections} connections, ${LOAD.seconds} s per page`)
	for (const [label, path] of [
		['baseline: the order page', '/en/order'],
		['orders, first page (25 with their files)', '/en/account'],
		['orders, page 20', '/en/account?page=20'],
		['invoices, first page', '/en/account/invoices'],
		['invoices, page 20', '/en/account/invoices?page=20'],
		['quotes, first page', '/en/account/quotes'],
		['details', '/en/account/details'],
		['orders, search by a PO', `/en/account?q=PO-${middle}`],
		['orders, search by a reference part', '/en/account?q=ACC-002'],
		['orders, search by a document name (no match)', '/en/account?q=budget.xlsx'],
		['orders, open only', '/en/account?state=open'],
		['orders, delivered, by cost centre', '/en/account?q=CC-3&state=delivered'],
		['invoices, unpaid, search by a PO', `/en/account/invoices?q=PO-${middle}&state=unpaid`],
		['quotes, search by a document name', '/en/account/quotes?q=contract'],
		["one order's page (with its thread)", `/en/account/orders/${middle}`],
	] as const) {
		const probe = await fetch(server.url + path, {
			headers: { cookie: `tolk_customer=${token}`, accept: 'text/html' },
			redirect: 'manual',
		})
		const body = await probe.text()
		if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`)
		if (path.startsWith('/en/account') && !body.includes(EMAIL)) throw new Error(`${path} is not the customer's page`)
		console.log(`${label}: ${describeLoad(await loadTest(server.url + path, { ...LOAD, headers }))}`)
	}
} finally {
	await server.stop()
	await database.drop()
}
