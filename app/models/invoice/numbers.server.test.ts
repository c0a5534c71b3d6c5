import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { invoices, users } from '#database/schema.ts'
import type { DatabaseHandle } from '#database/client.ts'
import { seedDatabase } from '#database/seed.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { deliverableOrder } from '#tests/setup/orders.ts'
import { testServices } from '#tests/setup/services.ts'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

// Danish bookkeeping wants invoice numbers without gaps, also when several server processes share
// one PostgreSQL. Two processes deliver 25 orders each at the same moment.
describe.runIf(process.env.DATABASE_URL)('invoice numbers across processes', () => {
	let database: TestDatabase
	let handle: DatabaseHandle
	beforeAll(async () => {
		database = await createTestDatabase()
		handle = await openTestDatabase(database)
		await seedDatabase(handle.db, { companies: 0 })
	})
	afterAll(async () => {
		await handle?.close()
		await database?.drop()
	})

	test('50 deliveries from two processes at once get 50 consecutive numbers', { timeout: 120_000 }, async () => {
		const [staff] = await handle.db
			.insert(users)
			.values({ email: 'sara@tolk.test', name: 'Sara Staff', passwordHash: 'not used here' })
			.returning({ id: users.id, name: users.name })
		const services = testServices({ db: handle.db })
		const orders = []
		for (let index = 0; index < 50; index++) orders.push(await deliverableOrder(services, staff!, 100 + index))
		const deliver = (ids: number[]) =>
			run(
				process.execPath,
				['tests/setup/deliver-orders.ts', database.databaseUrl!, String(staff!.id), ...ids.map(String)],
				{ cwd: ROOT },
			)
		const outputs = await Promise.all([
			deliver(orders.slice(0, 25).map((order) => order.id)),
			deliver(orders.slice(25).map((order) => order.id)),
		])
		const perProcess = outputs.map(({ stdout }) => JSON.parse(stdout) as number[])
		expect(perProcess.map((numbers) => numbers.length)).toEqual([25, 25])
		const numbers = perProcess.flat().sort((a, b) => a - b)
		expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => index + 1))
		const stored = await handle.db
			.select({ number: invoices.number })
			.from(invoices)
			.where(eq(invoices.kind, 'invoice'))
		expect(stored.map((row) => row.number).sort((a, b) => a - b)).toEqual(numbers)
	})
})
