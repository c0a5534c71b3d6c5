// Backup and restore of a busy agency's site: 20,000 companies, 5,000 orders and 1 GB of customers'
// documents (incompressible, as PDFs and Office files are), on the embedded database and, when one
// answers, on PostgreSQL, in the same run. For each: the time to write the backup, how long the
// embedded database held writes back for its snapshot (and the slowest write a writer saw meanwhile),
// the time to verify it (a restore into a scratch place and the comparison), its size, and the time
// to restore it into an empty site; then the same backup sealed with a passphrase.
// Run: npm run bench:backup (BENCH_DIR=… for the disk to use; default the system's temporary folder)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, type DatabaseHandle } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { restoreBackup } from '#app/models/backup/restore.server.ts'
import { backupName } from '#app/models/backup/store.server.ts'
import { verifyBackup } from '#app/models/backup/verify.server.ts'
import { writeBackup } from '#app/models/backup/write.server.ts'
import { freshPostgresDatabase, reachablePostgres, writeSiteFiles } from '#tests/setup/backup.ts'
import { copiesOfOrder, deliverableOrder } from '#tests/setup/orders.ts'
import { testServices } from '#tests/setup/services.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:backup')

const COMPANIES = 20_000
const ORDERS = 5_000
const DOCUMENTS = 200
const DOCUMENT_BYTES = 5 * 1024 * 1024
const PASSPHRASE = 'a passphrase for the benchmark only'
const root = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'tolk-bench-backup-'))
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function seed(handle: DatabaseHandle, dataDir: string) {
	await migrateDatabase(handle)
	await seedDatabase(handle.db, { companies: COMPANIES })
	const [user] = await handle.db
		.insert(users)
		.values({ email: 'bench@tolk.test', name: 'Bench', passwordHash: 'not used here' })
		.returning({ id: users.id, name: users.name })
	const order = await deliverableOrder(testServices({ db: handle.db }), user!)
	await copiesOfOrder(handle.db, order.id, ORDERS - 1, 'BENCH')
	writeSiteFiles(dataDir, DOCUMENTS, DOCUMENT_BYTES)
}

// Writes one row every 20 ms while the backup runs; the slowest answer is what a customer waited.
function startWriter(handle: DatabaseHandle) {
	let running = true
	let slowest = 0
	const done = (async () => {
		while (running) {
			const started = performance.now()
			await handle.pool.query(`insert into analytics_events (name, path, locale) values ('bench', '/', 'da')`)
			slowest = Math.max(slowest, performance.now() - started)
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
	})()
	return async () => {
		running = false
		await done
		return slowest
	}
}

async function measure(engine: 'pglite' | 'postgres', adminUrl: string | null) {
	const dataDir = mkdtempSync(path.join(root, `${engine}-site-`))
	const source = engine === 'postgres' ? await freshPostgresDatabase(adminUrl!) : null
	const handle = await openDatabase({ dataDir, databaseUrl: source?.url })
	const targets: { url: string; drop: () => Promise<void> }[] = []
	try {
		let started = performance.now()
		await seed(handle, dataDir)
		console.log(
			`${engine}: seeded ${COMPANIES} companies, ${ORDERS} orders, ${DOCUMENTS} documents (${megabytes(DOCUMENTS * DOCUMENT_BYTES)}) in ${seconds(performance.now() - started)}`,
		)
		for (const passphrase of [undefined, PASSPHRASE]) {
			const backupDir = path.join(root, `${engine}-backups`)
			const options = { database: handle, databaseUrl: source?.url, dataDir, backupDir, passphrase }
			const stopWriter = startWriter(handle)
			started = performance.now()
			const written = await writeBackup(options, backupName(backupDir, new Date()))
			const backupMs = performance.now() - started
			const slowestWrite = await stopWriter()
			started = performance.now()
			const check = await verifyBackup(written, options)
			const verifyMs = performance.now() - started
			if (!check.verified) throw new Error(`did not verify: ${check.problems.join('; ')}`)
			const target = engine === 'postgres' ? await freshPostgresDatabase(adminUrl!) : null
			if (target) targets.push(target)
			const restoreDir = mkdtempSync(path.join(root, `${engine}-restored-`))
			started = performance.now()
			await restoreBackup({ backup: written.path, dataDir: restoreDir, databaseUrl: target?.url, passphrase })
			const restoreMs = performance.now() - started
			rmSync(restoreDir, { recursive: true, force: true })
			console.log(
				`${engine}${passphrase ? ', encrypted' : ''}: backup ${seconds(backupMs)} (${megabytes(written.bytes)}; database part ${megabytes(written.manifest.parts.database.bytes)})` +
					`${written.manifest.heldMs === undefined ? '' : `, writes held ${written.manifest.heldMs} ms`}, slowest write meanwhile ${slowestWrite.toFixed(0)} ms` +
					`, verified in ${seconds(verifyMs)}, restored into an empty site in ${seconds(restoreMs)}`,
			)
			rmSync(written.path, { recursive: true, force: true })
		}
	} finally {
		await handle.close()
		for (const target of targets) await target.drop()
		await source?.drop()
	}
}

try {
	await measure('pglite', null)
	const postgres = await reachablePostgres()
	if (postgres) await measure('postgres', postgres)
	else console.log('postgres: no server answers; not measured')
} finally {
	rmSync(root, { recursive: true, force: true })
}
process.exit(0)
