// What a backup costs the people using the site while it runs: the built server with a busy agency's
// data (20,000 companies, 5,000 orders, 200 MB of documents, one order's file a hard link from an
// approved job's), customers sending the request form back to back and a monitor asking /healthz
// every 50 ms, while the admin asks for a backup, plain and then encrypted (BACKUP_PASSPHRASE), on
// the embedded database and, when one answers, on PostgreSQL. Prints the slowest answer of each
// kind during each backup (written and verified), and how many were answered.
// Run: npm run build && npm run bench:backup-site
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { reachablePostgres, writeSiteFiles } from '#tests/setup/backup.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { visit } from '#tests/setup/http.ts'
import { copiesOfOrder, deliverableOrder } from '#tests/setup/orders.ts'
import { startServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { orderFromApprovedJob } from '#tests/setup/vendor.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:backup-site')

const PASSPHRASE = 'a passphrase for the benchmark only'

async function seed(test: TestDatabase) {
	const handle = await openTestDatabase(test)
	try {
		await seedDatabase(handle.db, { companies: 20_000 })
		const [user] = await handle.db
			.insert(users)
			.values({ email: 'bench@tolk.test', name: 'Bench', passwordHash: 'not used here' })
			.returning({ id: users.id, name: users.name })
		const services = testServices({ db: handle.db })
		const order = await deliverableOrder(services, user!)
		await copiesOfOrder(handle.db, order.id, 4_999, 'BENCH')
		await orderFromApprovedJob({ ...services, documentsDir: path.join(test.dataDir, 'documents') }, user!)
	} finally {
		await handle.close()
	}
	writeSiteFiles(test.dataDir, 40, 5 * 1024 * 1024)
}

type Load = { stop: () => Promise<Record<string, { slowest: number; answered: number }>> }

// Request forms back to back, each from an address of its own, and /healthz every 50 ms.
function startLoad(url: string): Load {
	let running = true
	const figures: Record<string, { slowest: number; answered: number }> = {}
	const time = async (kind: string, request: () => Promise<Response>) => {
		const started = performance.now()
		const response = await request()
		await response.arrayBuffer()
		if (!response.ok) throw new Error(`${kind} answered ${response.status}`)
		const figure = (figures[kind] ??= { slowest: 0, answered: 0 })
		figure.slowest = Math.max(figure.slowest, performance.now() - started)
		figure.answered++
	}
	const writer = (async () => {
		for (let n = 0; running; n++) {
			const who = await visit(url, '/kontakt')
			const body = new URLSearchParams({
				authenticity_token: who.csrfToken,
				name: 'Karen Blixen',
				email: 'karen@rungstedlund.dk',
				message: `Request ${n} sent during a backup.`,
				consent: 'on',
			})
			const headers = { 'x-forwarded-for': `198.51.${Math.floor(n / 250) % 250}.${n % 250}` }
			await time('request form', () => who.get('/kontakt', { method: 'POST', body, headers }))
		}
	})()
	const monitor = (async () => {
		while (running) {
			await time('/healthz', () => fetch(`${url}/healthz`))
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
	})()
	return {
		stop: async () => {
			running = false
			await Promise.all([writer, monitor])
			return figures
		},
	}
}

async function backupThroughSite(engine: string, test: TestDatabase, passphrase?: string) {
	const server = await startServer(
		{ ...ADMIN_ENV, TRUST_PROXY: 'true', ...(passphrase ? { BACKUP_PASSPHRASE: passphrase } : {}) },
		{ database: test },
	)
	try {
		const admin = await logIn(server.url)
		const lastRun = path.join(test.dataDir, 'backups', 'last-run.json')
		const before = existsSync(lastRun) ? statSync(lastRun).mtimeMs : 0
		const load = startLoad(server.url)
		const started = performance.now()
		await admin.post('/admin/backups', { intent: 'backup' })
		while (!existsSync(lastRun) || statSync(lastRun).mtimeMs <= before)
			await new Promise((resolve) => setTimeout(resolve, 100))
		const took = performance.now() - started
		const figures = await load.stop()
		const run = JSON.parse(readFileSync(lastRun, 'utf8')) as { ok: boolean; verified: boolean; problem: string | null }
		if (!run.ok || !run.verified) throw new Error(`the backup did not verify: ${run.problem}`)
		const kinds = Object.entries(figures)
			.map(([kind, figure]) => `${kind} slowest ${figure.slowest.toFixed(0)} ms (${figure.answered} answered)`)
			.join(', ')
		console.log(
			`${engine}, ${passphrase ? 'encrypted' : 'plain'}: written and verified in ${(took / 1000).toFixed(1)} s; ${kinds}`,
		)
	} finally {
		await server.stop()
	}
}

for (const engine of ['pglite', 'postgres'] as const) {
	if (engine === 'postgres') {
		const url = await reachablePostgres()
		if (!url) {
			console.log('postgres: no server answers; not measured')
			break
		}
		process.env.DATABASE_URL = url
	}
	const test = await createTestDatabase()
	try {
		await seed(test)
		for (const passphrase of [undefined, PASSPHRASE]) await backupThroughSite(engine, test, passphrase)
	} finally {
		await test.drop()
	}
}
process.exit(0)
