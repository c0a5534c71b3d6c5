import { describe, expect, test } from 'vitest'
import { takeShared } from '#app/models/rate-limit.server.ts'
import { LEASE, leasedSearchLimit } from '#server/company-search/leased-limit.ts'
import { readCounters } from '#server/metrics.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'

const testDatabase = setupTestDatabase()
const LIMITS = { perMinute: 6, perDay: 0 }

describe('the shared search limit, leased', () => {
	test('two processes answer the first searches at once, and together let through the bucket and at most a lease each more', async () => {
		const { db } = testDatabase.handle
		const take = (key: string) => takeShared(db, key, LIMITS)
		const processes = [leasedSearchLimit(take), leasedSearchLimit(take)]
		// A lease's searches are answered without waiting for the database.
		expect(processes[0]!('198.51.100.7')).toBe(0)
		expect(processes[1]!('198.51.100.7')).toBe(0)
		const waits: number[] = [0, 0]
		for (let n = 0; n < 30; n++) waits.push(await processes[n % 2]!('198.51.100.7'))
		const passed = waits.filter((wait) => wait === 0).length
		expect(passed).toBeGreaterThanOrEqual(LIMITS.perMinute)
		expect(passed).toBeLessThanOrEqual(LIMITS.perMinute + 2 * LEASE)
		expect(waits.at(-1)).toBeGreaterThan(0)
	})

	test('an address the bucket refused is refused here without another statement, and another address is not', async () => {
		const { db } = testDatabase.handle
		const limit = leasedSearchLimit((key) => takeShared(db, key, LIMITS))
		await expect.poll(() => limit('203.0.113.9')).toBeGreaterThan(0)
		// Refused on the spot: the answer is a number, not a promise, and no statement went out.
		const before = readCounters().databaseQueries
		expect(limit('203.0.113.9')).toBeGreaterThan(0)
		expect(readCounters().databaseQueries).toBe(before)
		expect(limit('203.0.113.10')).toBe(0)
	})

	test('a refusal lasts as long as the bucket said, then the address searches again', async () => {
		const { db } = testDatabase.handle
		let clock = Date.now()
		const limit = leasedSearchLimit(
			(key) => takeShared(db, key, LIMITS, clock),
			() => clock,
		)
		await expect.poll(() => limit('192.0.2.44')).toBeGreaterThan(0)
		const wait = limit('192.0.2.44') as number
		expect(wait).toBeGreaterThan(0)
		clock += wait * 1000
		expect(await limit('192.0.2.44')).toBe(0)
	})
})
