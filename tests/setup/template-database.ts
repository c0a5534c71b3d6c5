import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { withClient } from '#app/models/backup/pg-tools.server.ts'
import { openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { seedDatabase } from '#database/seed.ts'
import { SCRATCH, SEEDED_TEMPLATE_ENV, TEMPLATE_ENV } from '#tests/setup/database.ts'

// The demo content a test server seeds its empty database with (tests/setup/server.ts).
export const TEST_DEMO_COMPANIES = 2000

// Vitest's global setup: two databases made once per run that each test database starts as a copy
// of: one migrated (what a model's test starts from), one also seeded with the demo content (what
// a test server would otherwise seed at every start). A fresh PGlite directory costs an initdb
// (2.5 s on a quiet 2-core machine, twice that under the suite's load) and the migrations, the
// seed another 1.5 s; a copy opens in a fifth of that. On PostgreSQL (DATABASE_URL) the two are
// template databases that CREATE DATABASE copies.
export default async function setup() {
	return process.env.DATABASE_URL ? postgresTemplates(process.env.DATABASE_URL) : pgliteTemplates()
}

async function pgliteTemplates() {
	const plain = mkdtempSync(path.join(SCRATCH, 'tolk-template-'))
	const seeded = mkdtempSync(path.join(SCRATCH, 'tolk-template-seeded-'))
	const handle = await openDatabase({ dataDir: plain })
	await migrateDatabase(handle)
	await handle.close()
	cpSync(plain, seeded, { recursive: true })
	const again = await openDatabase({ dataDir: seeded })
	await seedDatabase(again.db, { companies: TEST_DEMO_COMPANIES })
	await again.close()
	process.env[TEMPLATE_ENV] = plain
	process.env[SEEDED_TEMPLATE_ENV] = seeded
	return () => {
		rmSync(plain, { recursive: true, force: true })
		rmSync(seeded, { recursive: true, force: true })
	}
}

async function postgresTemplates(adminUrl: string) {
	const suffix = randomBytes(4).toString('hex')
	const names = { plain: `tolk_template_${suffix}`, seeded: `tolk_template_seeded_${suffix}` }
	const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString()
	await withClient(adminUrl, (admin) => admin.query(`create database ${names.plain}`))
	const handle = await openDatabase({ databaseUrl: urlOf(names.plain), dataDir: SCRATCH })
	await migrateDatabase(handle)
	await handle.close()
	await withClient(adminUrl, (admin) => admin.query(`create database ${names.seeded} template ${names.plain}`))
	const again = await openDatabase({ databaseUrl: urlOf(names.seeded), dataDir: SCRATCH })
	await seedDatabase(again.db, { companies: TEST_DEMO_COMPANIES })
	await again.close()
	process.env[TEMPLATE_ENV] = names.plain
	process.env[SEEDED_TEMPLATE_ENV] = names.seeded
	return () =>
		withClient(adminUrl, async (admin) => {
			for (const name of Object.values(names)) await admin.query(`drop database if exists ${name} with (force)`)
		})
}
