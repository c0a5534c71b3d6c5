// How the order admin holds up with a busy agency's history: 5,000 open orders (copies of one
// real accepted order, due three a day), served by the built server to signed-in staff.
// 1. Pages per second for the list's first page, a page deep in it, and a search, next to the
//    FAQ list in the same admin as the baseline.
// 2. The CSV export of all 5,000: time to the last byte, size, and the server's memory after.
// Run: npm run build && npm run bench:orders (DATABASE_URL=… to run it on PostgreSQL)
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { createTestDatabase } from '#tests/setup/database.ts'
import { seedOrderList } from '#tests/setup/orders.ts'
import { startServer } from '#tests/setup/server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:orders')

const ORDERS = 5_000
const DURATION_S = 8
const CONNECTIONS = 10
const EXPORTS = 5

type LoadResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number }
async function loadTest(url: string, cookie: string): Promise<LoadResult> {
	const cli = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'))
	const args = [cli, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-H', `cookie=${cookie}`, url]
	const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 10_000_000 })
	return JSON.parse(stdout) as LoadResult
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const database = await createTestDatabase()
let started = performance.now()
await seedOrderList(database, ORDERS, 'BENCH')
console.log(
	`${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${ORDERS} orders seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
const server = await startServer(ADMIN_ENV, { database })
try {
	const staff = await logIn(server.url)
	console.log(`${CONNECTIONS} connections, ${DURATION_S} s per page`)
	for (const [label, path] of [
		['baseline: /admin/faq', '/admin/faq'],
		['list, first page', '/admin/orders'],
		['list, page 40 of 50', '/admin/orders?page=40'],
		['search for one reference', '/admin/orders?q=BENCH-01234'],
		['search, every order matches', '/admin/orders?q=ida%40example.dk'],
	] as const) {
		const result = await loadTest(server.url + path, staff.cookie)
		if (result.non2xx) throw new Error(`${path}: ${result.non2xx} responses were not 2xx`)
		console.log(
			`${label}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
		)
	}
	const times: number[] = []
	let bytes = 0
	let rows = 0
	for (let run = 0; run < EXPORTS; run++) {
		started = performance.now()
		const csv = await (await staff.get('/admin/orders/export?status=')).text()
		times.push(performance.now() - started)
		bytes = Buffer.byteLength(csv)
		rows = csv.trimEnd().split('\r\n').length - 1
	}
	if (rows !== ORDERS + 1) throw new Error(`the export held ${rows} orders, not ${ORDERS + 1}`)
	console.log(
		`CSV export of all ${rows} orders (${(bytes / 1024).toFixed(0)} KiB): median ${median(times).toFixed(0)} ms of ${EXPORTS}`,
	)
	const rss = server.process.pid
		? (await import('node:fs')).readFileSync(`/proc/${server.process.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]
		: undefined
	if (rss) console.log(`server resident memory after the exports: ${(Number(rss) / 1024).toFixed(0)} MiB`)
} finally {
	await server.stop()
	await database.drop()
}
