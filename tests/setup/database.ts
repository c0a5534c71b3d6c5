import { afterAll, beforeAll } from 'vitest'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { withClient } from '#app/models/backup/pg-tools.server.ts'
import { openDatabase, type DatabaseHandle } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'

// Each test run gets its own database: a fresh PGlite directory, or, when DATABASE_URL names
// a PostgreSQL server (CI's second pass), a freshly created database on it.
export type TestDatabase = { dataDir: string; databaseUrl?: string; drop: () => Promise<void> }

// In memory where the machine has a tmpfs: a test database is written to much and never kept, and
// PGlite starts a third faster there than on a virtual disk.
export const SCRATCH = existsSync('/dev/shm') && statSync('/dev/shm').isDirectory() ? '/dev/shm' : tmpdir()

// A migrated embedded database the test suite's global setup made (tests/setup/template-database.ts);
// outside the suite (the benches), each database starts from nothing.
export const TEMPLATE_ENV = 'TOLK_TEST_TEMPLATE_DIR'

export async function createTestDatabase(): Promise<TestDatabase> {
	const dataDir = mkdtempSync(path.join(SCRATCH, 'tolk-test-'))
	const adminUrl = process.env.DATABASE_URL
	if (!adminUrl) {
		const template = process.env[TEMPLATE_ENV]
		if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true })
		return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
	}

	const name = `tolk_test_${randomBytes(6).toString('hex')}`
	await withClient(adminUrl, (admin) => admin.query(`create database ${name}`))
	const databaseUrl = new URL(adminUrl)
	databaseUrl.pathname = `/${name}`
	return {
		dataDir,
		databaseUrl: databaseUrl.toString(),
		drop: async () => {
			await withClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`))
			rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

export async function openTestDatabase(test: TestDatabase): Promise<DatabaseHandle> {
	const handle = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir })
	await migrateDatabase(handle)
	return handle
}

// A migrated private database for the tests of one file, closed and dropped after them.
export function setupTestDatabase(): { readonly handle: DatabaseHandle } {
	let testDatabase: TestDatabase | undefined
	let handle: DatabaseHandle | undefined
	beforeAll(async () => {
		testDatabase = await createTestDatabase()
		handle = await openTestDatabase(testDatabase)
	})
	afterAll(async () => {
		await handle?.close()
		await testDatabase?.drop()
	})
	return {
		get handle() {
			if (!handle) throw new Error('the test database is not open yet')
			return handle
		},
	}
}

// Takes every connection to the test database away from under whoever holds it, from the server's
// side: PostgreSQL terminates their sessions; the embedded database closes them once they idle for
// the PGLITE_IDLE_DISCONNECT_MS (pgliteIdleDisconnectMs) its user was started with, so this waits
// past that.
export async function cutConnections(test: TestDatabase, pgliteIdleMs: number): Promise<void> {
	if (!test.databaseUrl) return new Promise((resolve) => setTimeout(resolve, pgliteIdleMs * 2 + 100))
	const name = new URL(test.databaseUrl).pathname.slice(1)
	await withClient(process.env.DATABASE_URL!, (admin) =>
		admin.query(
			'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
			[name],
		),
	)
	// As in real life, the next request comes a moment later, not in the same millisecond.
	await new Promise((resolve) => setTimeout(resolve, 200))
}
