import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { rateLimits } from '#database/schema.ts'
import { deleteExpiredLimits, takeShared } from '#app/models/rate-limit.server.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'

const testDatabase = setupTestDatabase()
const MINUTE = 60_000

describe('a limit shared by every process', () => {
	test('twenty requests at once from one address: exactly the bucket passes, the rest are told how long to wait', async () => {
		const { db } = testDatabase.handle
		const now = Date.now()
		const waits = await Promise.all(
			Array.from({ length: 20 }, () => takeShared(db, 'search:203.0.113.1', { perMinute: 6, perDay: 0 }, now)),
		)
		expect(waits.filter((wait) => wait === 0)).toHaveLength(6)
		expect(waits.filter((wait) => wait > 0).every((wait) => wait === 10)).toBe(true)
		// The bucket fills again at its rate: one more after ten seconds.
		expect(await takeShared(db, 'search:203.0.113.1', { perMinute: 6, perDay: 0 }, now + 10_000)).toBe(0)
		expect(await takeShared(db, 'search:203.0.113.1', { perMinute: 6, perDay: 0 }, now + 10_000)).toBeGreaterThan(0)
		// Another address has its own.
		expect(await takeShared(db, 'search:203.0.113.2', { perMinute: 6, perDay: 0 }, now)).toBe(0)
	})

	test('the day limit holds over the minutes and opens a day after the first search', async () => {
		const { db } = testDatabase.handle
		const start = Date.now()
		const limits = { perMinute: 60, perDay: 3 }
		for (let i = 0; i < 3; i++) expect(await takeShared(db, 'search:day', limits, start + i * MINUTE)).toBe(0)
		expect(await takeShared(db, 'search:day', limits, start + 10 * MINUTE)).toBe(24 * 60 * 60 - 10 * 60)
		expect(await takeShared(db, 'search:day', limits, start + 24 * 60 * MINUTE)).toBe(0)
	})

	test('no limit costs no row; buckets untouched for a day are swept', async () => {
		const { db } = testDatabase.handle
		expect(await takeShared(db, 'search:free', { perMinute: 0, perDay: 0 })).toBe(0)
		expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'search:free'))).toEqual([])
		await takeShared(db, 'search:old', { perMinute: 6, perDay: 0 }, Date.now() - 25 * 60 * MINUTE)
		expect(await deleteExpiredLimits(db)).toBeGreaterThanOrEqual(1)
		expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'search:old'))).toEqual([])
		expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'search:203.0.113.2'))).toHaveLength(1)
	})
})
