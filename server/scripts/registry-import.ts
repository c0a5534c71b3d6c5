// npm run registry:import -- FILE
// Imports the company registry from JSON Lines of the registry's `Vrvirksomhed` documents or from a
// flat CSV (columns: see docs/company-registry.md), in batches; a re-import updates what changed.
// On the embedded database, stop the server first: PGlite allows one process per data directory.
// Ends by writing the search index's snapshot (DATA_DIR/company-index.bin), so the server's next
// start loads it instead of reading every company; a running server on PostgreSQL hears the change
// and builds its own.
import { parseArgs } from 'node:util'
import { openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { importCompanies, readRegistryFile, type ImportProblem } from '#app/models/company/import.server.ts'
import type { CompanyRecord } from '#app/models/company/record.ts'
import { buildCompanyIndex } from '#app/models/company/search-index/read.server.ts'
import { indexSnapshotPath, writeIndexSnapshot } from '#app/models/company/search-index/snapshot.server.ts'
import { parseEnv } from '#server/env.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run registry:import -- FILE')

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
	console.log(
		`Read ${read} companies, wrote ${written} (new or changed), skipped ${problems.length} lines, in ${seconds} s.`,
	)
	for (const problem of problems.slice(0, 10)) console.log(`  line ${problem.line}: ${problem.reason}`)
	if (problems.length > 10) console.log(`  … and ${problems.length - 10} more`)
	const indexing = performance.now()
	const index = await buildCompanyIndex(database.db)
	if (index) await writeIndexSnapshot(index, indexSnapshotPath(env.DATA_DIR))
	console.log(
		index
			? `Wrote the search index of ${index.count} companies in ${((performance.now() - indexing) / 1000).toFixed(1)} s.`
			: 'The registry changed meanwhile: the server builds the search index itself.',
	)
} finally {
	await database.close()
}
