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

// The migrated database, and the one also seeded with the demo content, that the test suite's global
// setup made (tests/setup/template-database.ts): an embedded database's folder, or a PostgreSQL
// template database's name. Outside the suite (the benches, the simulation), each starts from nothing.
export const TEMPLATE_ENV = 'TOLK_TEST_TEMPLATE'
export const SEEDED_TEMPLATE_ENV = 'TOLK_TEST_SEEDED_TEMPLATE'

// `seeded`: with the demo content a test server would seed at its start (2,000 companies).
export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<TestDatabase> {
	const dataDir = mkdtempSync(path.join(SCRATCH, 'tolk-test-'))
	const adminUrl = process.env.DATABASE_URL
	const template = process.env[options.seeded ? SEEDED_TEMPLATE_ENV : TEMPLATE_ENV]
	if (!adminUrl) {
		if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true })
		return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
	}

	const name = `tolk_test_${randomBytes(6).toString('hex')}`
	const copy = template && /^tolk_template_\w+$/.test(template) ? ` template ${template}` : ''
	await withClient(adminUrl, (admin) => admin.query(`create database ${name}${copy}`))
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
