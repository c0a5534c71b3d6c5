import { describe, expect, test } from 'vitest'
import { users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { refreshStatistics } from '#database/statistics.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { copiesOfOrder, deliverableOrder } from '#tests/setup/orders.ts'
import { testServices } from '#tests/setup/services.ts'

const testDatabase = setupTestDatabase()

// What the planner believes the orders table holds, and how it would read the list's first page.
async function plannerView() {
	const { db } = testDatabase.handle
	const { rows } = await db.$client.query<{ reltuples: number }>(
		`select reltuples from pg_class where relname = 'orders'`,
	)
	const plan = await db.$client.query<{ 'QUERY PLAN': string }>(
		`explain select id from orders where status in ('received', 'in_progress') order by due_date, id limit 100`,
	)
	return { rows: Number(rows[0]!.reltuples), plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n') }
}

// PostgreSQL's autovacuum does this by itself, in its own time; there the call does nothing.
describe.skipIf(process.env.DATABASE_URL)('planner statistics', () => {
	test('the embedded database learns how the orders grew, and walks the due-date index for a page', async () => {
		const { db } = testDatabase.handle
		await seedDatabase(db, { companies: 0 })
		const [staff] = await db
			.insert(users)
			.values({ email: 'stats@tolk.test', name: 'Stats', passwordHash: 'not used here' })
			.returning({ id: users.id, name: users.name })
		const order = await deliverableOrder(testServices({ db }), staff!)
		await copiesOfOrder(db, order.id, 3000, 'STATS')
		await refreshStatistics(testDatabase.handle)
		const after = await plannerView()
		expect(after.rows).toBe(3001)
		expect(after.plan).toContain('orders_due_date')
	})
})
