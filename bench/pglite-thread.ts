// Does a slow query on the embedded database stall other requests?
// Serves two endpoints — /static (no database) and /db (select 1) — and measures their
// latency with autocannon, with and without a slow query running meanwhile, for PGlite on
// the request thread and for PGlite on its own thread behind a socket (what the app does).
// Run: npm run bench:pglite
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { openDatabase } from '#database/client.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:pglite')

const DURATION_S = 8
const CONNECTIONS = 10
const SLOW_QUERY = 'select count(*) from generate_series(1, 3000000)'

type Query = (sql: string) => Promise<unknown>
type LoadResult = { requests: { average: number }; latency: { p50: number; p99: number; max: number } }

// autocannon in its own process, so a stalled server thread cannot stall the load generator too.
async function loadTest(url: string): Promise<LoadResult> {
	const cli = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'))
	const args = [cli, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S), url]
	const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 10_000_000 })
	return JSON.parse(stdout) as LoadResult
}

async function measure(label: string, query: Query) {
	const server = createServer(async (req, res) => {
		if (req.url === '/db') await query('select 1')
		res.end('ok')
	}).listen(0, '127.0.0.1')
	await once(server, 'listening')
	const { port } = server.address() as AddressInfo
	const slowMs: number[] = []
	const rows = []
	for (const withSlowQuery of [false, true]) {
		let running = withSlowQuery
		const slowLoop = (async () => {
			while (running) {
				const started = performance.now()
				await query(SLOW_QUERY)
				slowMs.push(performance.now() - started)
				// Let other work in between, as slow queries coming from requests would.
				await new Promise((resolve) => setImmediate(resolve))
			}
		})()
		for (const endpoint of ['/static', '/db']) {
			console.error(`${label}: ${endpoint}${withSlowQuery ? ' with a slow query running' : ''}…`)
			const result = await loadTest(`http://127.0.0.1:${port}${endpoint}`)
			rows.push({
				setup: label,
				'slow query running': withSlowQuery ? 'yes' : 'no',
				endpoint,
				'req/s': Math.round(result.requests.average),
				'p50 ms': result.latency.p50,
				'p99 ms': result.latency.p99,
				'max ms': result.latency.max,
			})
		}
		running = false
		await slowLoop
	}
	server.close()
	const average = slowMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, slowMs.length)
	return { rows, slowQueryMs: Math.round(average) }
}

const dir = mkdtempSync(path.join(tmpdir(), 'tolk-bench-'))
try {
	const inProcess = await PGlite.create(path.join(dir, 'main'))
	const main = await measure('PGlite on the request thread', (sql) => inProcess.query(sql))
	await inProcess.close()

	const handle = await openDatabase({ dataDir: path.join(dir, 'worker') })
	const worker = await measure('PGlite on a worker thread (the app)', (sql) => handle.pool.query(sql))
	await handle.close()

	console.table([...main.rows, ...worker.rows])
	console.log(
		`slow query (${SLOW_QUERY}): ~${main.slowQueryMs} ms on the request thread, ~${worker.slowQueryMs} ms on the worker`,
	)
	console.log(`${CONNECTIONS} connections, ${DURATION_S} s per row, node ${process.version}`)
} finally {
	rmSync(dir, { recursive: true, force: true })
}
