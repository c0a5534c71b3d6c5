// npm run registry:import -- FILE
// Imports the company registry from JSON Lines of the registry's `Vrvirksomhed` documents or from a
// flat CSV (columns: see docs/company-registry.md), in batches; a re-import updates what changed.
// On the embedded database, stop the server first: PGlite allows one process per data directory.
import { parseArgs } from 'node:util'
import { openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { importCompanies, readRegistryFile, type ImportProblem } from '#app/models/company/import.server.ts'
import type { CompanyRecord } from '#app/models/company/record.ts'
import { parseEnv } from '#server/env.ts'

const { positionals } = parseArgs({ allowPositionals: true })
const [file] = positionals
if (!file) throw new Error('Name the file to import: npm run registry:import -- FILE')

const env = parseEnv()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
const problems: ImportProblem[] = []
const started = performance.now()
async function* records(): AsyncGenerator<CompanyRecord> {
	for await (const result of readRegistryFile(file!)) {
		if ('record' in result) yield result.record
		else problems.push(result.problem)
	}
}
try {
	await migrateDatabase(database)
	const { read, written } = await importCompanies(database.db, records())
	const seconds = ((performance.now() - started) / 1000).toFixed(1)
	console.log(`Read ${read} companies, wrote ${written} (new or changed), skipped ${problems.length} lines, in ${seconds} s.`)
	for (const problem of problems.slice(0, 10)) console.log(`  line ${problem.line}: ${problem.reason}`)
	if (problems.length > 10) console.log(`  … and ${problems.length - 10} more`)
} finally {
	await database.close()
}
