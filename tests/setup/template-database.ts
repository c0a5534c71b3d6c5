import { mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { SCRATCH, TEMPLATE_ENV } from '#tests/setup/database.ts'

// Vitest's global setup: one embedded database, migrated once per run, that each test database
// starts as a copy of. A fresh PGlite directory costs an initdb (2.5 s on a quiet 2-core machine,
// twice that under the suite's load) and the migrations; a copy opens in a fifth of that. The
// migrations still run from nothing here, once, and again (as a no-op) on every copy.
export default async function setup() {
	if (process.env.DATABASE_URL) return
	const dataDir = mkdtempSync(path.join(SCRATCH, 'tolk-template-'))
	const handle = await openDatabase({ dataDir })
	await migrateDatabase(handle)
	await handle.close()
	process.env[TEMPLATE_ENV] = dataDir
	return () => rmSync(dataDir, { recursive: true, force: true })
}
