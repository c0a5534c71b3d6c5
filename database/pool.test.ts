import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, cutConnections, type TestDatabase } from '#tests/setup/database.ts'
import { openDatabase, type DatabaseHandle } from '#database/client.ts'
import { isRetryableRead } from '#database/pool.ts'

const IDLE_MS = 150
let testDatabase: TestDatabase
let handle: DatabaseHandle
const lost: Error[] = []

beforeAll(async () => {
	testDatabase = await createTestDatabase()
	handle = await openDatabase({
		databaseUrl: testDatabase.databaseUrl,
		dataDir: testDatabase.dataDir,
		pgliteIdleDisconnectMs: IDLE_MS,
		onConnectionLost: (error) => lost.push(error),
	})
})
afterAll(async () => {
	await handle?.close()
	await testDatabase?.drop()
})

const one = async (sql: string) => (await handle.pool.query(sql)).rows[0] as Record<string, unknown>

describe('the database session', () => {
	test('a connection that drops leaves nothing behind: the next one starts from a clean session', async () => {
		const client = await handle.pool.connect()
		await client.query({ name: 'find-something', text: 'select 1 as one' })
		await client.query('set statement_timeout = 4321')
		await client.query('select pg_advisory_lock(4242)')
		await client.query('begin')
		await client.query('select 1 / 0').catch(() => {})
		client.release()
		const lostBefore = lost.length

		await cutConnections(testDatabase, IDLE_MS)
		await expect.poll(() => lost.length).toBeGreaterThan(lostBefore)

		expect(await one('show statement_timeout')).toEqual({ statement_timeout: '0' })
		expect(
			await one(
				`select count(*)::int as locks from pg_locks where locktype = 'advisory' and objid = 4242 and database = (select oid from pg_database where datname = current_database())`,
			),
		).toEqual({ locks: 0 })
		expect(await one('select count(*)::int as prepared from pg_prepared_statements')).toEqual({ prepared: 0 })
		// The same named statement again: on a session that kept the old one this was an error.
		expect((await handle.pool.query({ name: 'find-something', text: 'select 1 as one' })).rows).toEqual([{ one: 1 }])
		expect(await one('select now() = statement_timestamp() as outside_transaction')).toEqual({
			outside_transaction: true,
		})
	})

	test.runIf(process.env.DATABASE_URL)('a read cut off mid-query is run once more on a new connection', async () => {
		const started = Date.now()
		// Sleeps until 700 ms from now: the first try is cut off at about 200 ms, the second one finishes.
		const until = new Date(started + 700).toISOString()
		const read = handle.pool.query(
			`select 1 as done from pg_sleep(greatest(0, extract(epoch from ($1::timestamptz - clock_timestamp()))))`,
			[until],
		)
		await new Promise((resolve) => setTimeout(resolve, 200))
		const lostBefore = lost.length
		await cutConnections(testDatabase, IDLE_MS)
		expect((await read).rows).toEqual([{ done: 1 }])
		expect(lost.length).toBeGreaterThan(lostBefore)
	})

	test('a connection lost while checked out fails its next statement and leaves the process standing', async () => {
		const client = await handle.pool.connect()
		await client.query('select 1')
		await cutConnections(testDatabase, IDLE_MS)
		await expect(client.query('select 1')).rejects.toThrow()
		client.release(true)
		expect(await one('select 1 as one')).toEqual({ one: 1 })
	})

	test('only statements that read are retried', () => {
		expect(isRetryableRead('select * from companies where cvr = $1')).toBe(true)
		expect(isRetryableRead({ text: '  SELECT 1' })).toBe(true)
		expect(isRetryableRead('insert into documents values ($1)')).toBe(false)
		expect(isRetryableRead('with moved as (delete from a returning *) select * from moved')).toBe(false)
		expect(isRetryableRead('select pg_notify($1, $2)')).toBe(false)
		expect(isRetryableRead('select nextval($1)')).toBe(false)
		expect(isRetryableRead(undefined)).toBe(false)
	})
})
