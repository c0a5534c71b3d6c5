import { afterEach, expect, test, vi } from 'vitest'
import { backups, documents } from '#database/schema.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'

const test_ = setupTestDatabase()
afterEach(() => void vi.useRealTimers())

// Every date the code compares a row's time with (retention, expiry, reminders, the nightly backup)
// is the application's: a row is stamped by that clock, not by the database server's, which may
// differ (another machine, or the simulation's clock on PostgreSQL).
test("rows are stamped with the application's time, not the database's", async () => {
	vi.useFakeTimers({ toFake: ['Date'] })
	vi.setSystemTime(new Date('2031-05-06T07:08:09Z'))
	const [document] = await test_.handle.db
		.insert(documents)
		.values({ id: crypto.randomUUID(), draftId: 'x', name: 'a.txt', extension: 'txt', size: 1, storedName: 'a.txt' })
		.returning()
	const [backup] = await test_.handle.db.insert(backups).values({ name: 'clock-test', trigger: 'manual' }).returning()
	expect(document!.createdAt.toISOString()).toBe('2031-05-06T07:08:09.000Z')
	expect(backup!.startedAt.toISOString()).toBe('2031-05-06T07:08:09.000Z')
})
