// The business picker's search at the demo registry's size (20,000) and the real registry's (2.2
// million companies, about 40% active), on PGlite and on PostgreSQL. Synthetic registries are
// generated once and imported with `npm run registry:import` (kept in the temp directory, and as
// tolk_bench_<count> on PostgreSQL, for the next run). For each database and size, the built server:
//   1. with the index off (COMPANY_SEARCH_INDEX=0): the SQL search, the baseline;
//   2. with no snapshot file: start-up, the index built from the database, its build time;
//   3. restarted: start-up from the snapshot file;
// then `GET /businesses` with 20 clients flat out and 20 clients typing (150-350 ms between queries)
// over the same query mix, an uncached page alone and while the 20 clients search, and the
// server's memory with and without the index; then as a site runs (the limits on, a new visitor
// address for each search): flat out, while 10 clients load uncached pages, and while a process that
// has nothing to do with the site keeps a core busy (the machine's floor).
// Run: npm run build && npm run bench:search [-- --sizes 20000,2200000 --seconds 10 --only pglite|postgres --fresh]
// PostgreSQL comes from BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { seededRandom } from '#app/models/company/generate.server.ts'
import { parseCsvLine } from '#app/models/company/import.server.ts'
import { searchCompanyIndex } from '#app/models/company/search-index/query.ts'
import { buildCompanyIndex } from '#app/models/company/search-index/read.server.ts'
import { indexSnapshotPath } from '#app/models/company/search-index/snapshot.server.ts'
import { findCompanies } from '#app/models/company/search.server.ts'
import { openDatabase } from '#database/client.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import type { TestDatabase } from '#tests/setup/database.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:search')

const { values } = parseArgs({
	options: {
		sizes: { type: 'string', default: '20000,2200000' },
		seconds: { type: 'string', default: '10' },
		only: { type: 'string' },
		connections: { type: 'string', default: '20' },
		fresh: { type: 'boolean', default: false },
		// Server processes on PostgreSQL (WEB_CONCURRENCY): the index and the limit in each, kept in step.
		processes: { type: 'string', default: '1' },
		// Only the run as a site runs (limits on, searches while pages render).
		'as-deployed': { type: 'boolean', default: false },
		// More of the server's environment, for every server started: --env RENDER_CONCURRENCY=1
		env: { type: 'string', multiple: true, default: [] },
	},
})
const SECONDS = Number(values.seconds)
const CONNECTIONS = Number(values.connections)
const PROCESSES: Record<string, string> = {
	...(values.processes === '1' ? {} : { WEB_CONCURRENCY: values.processes }),
	...Object.fromEntries(values.env.map((pair) => pair.split('=', 2) as [string, string])),
}
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const PAGE = '/en/prices?bench=1' // a query string: rendered per request, not from the page cache
const PAGE_CLIENTS = 10
// The run as a site runs, and its baseline.
const LABELS = ['pages on the render threads', 'baseline, pages on the main thread (RENDER_THREAD=0)'] as const
const NO_LIMIT = { BUSINESS_SEARCHES_PER_MINUTE: '0', BUSINESS_SEARCHES_PER_DAY: '0', DEMO_COMPANIES: '0' }
const run = promisify(execFile)
// Queries made to cost the index the most: common trigrams only, matching (almost) nothing.
const COSTLY = ['sensen', 'ndersenhansen', 'nsennsen', 'ersenn', 'e'.repeat(100), 'xxxxx']

for (const count of values.sizes.split(',').map(Number)) {
	const registryFile = path.join(tmpdir(), `tolk-bench-registry-${count}.csv`)
	if (!existsSync(registryFile)) {
		const started = performance.now()
		await run(
			process.execPath,
			['server/scripts/registry-generate.ts', '--count', String(count), '--seed', '42', '--out', registryFile],
			{ maxBuffer: 1e8 },
		)
		console.log(`generated ${count.toLocaleString('en')} companies in ${seconds(started)} s`)
	}
	const queries = realisticQueries(registryFile, 5_000)
	console.log(
		`\n=== ${count.toLocaleString('en')} companies; query mix of ${queries.length}, e.g. ${queries
			.slice(0, 6)
			.map((query) => JSON.stringify(query))
			.join(', ')}`,
	)
	for (const kind of ['pglite', 'postgres'] as const) {
		if (values.only && values.only !== kind) continue
		const database = kind === 'pglite' ? pgliteDatabase(count) : await postgresDatabase(count)
		if (!database) {
			console.log(`\npostgres: no server at ${POSTGRES_URL}; skipped`)
			continue
		}
		console.log(`\n${kind}, ${count.toLocaleString('en')} companies:`)
		await importUnlessThere(database, registryFile)
		if (!values['as-deployed']) await measure(database, queries)
		await measureAsDeployed(database, queries)
		if (!values['as-deployed']) await compareInProcess(database, queries)
	}
}

async function measure(database: TestDatabase, queries: string[]) {
	const baseline = await startServer({ ...NO_LIMIT, ...PROCESSES, COMPANY_SEARCH_INDEX: '0' }, { database })
	try {
		await load(baseline.url, queries, 3) // warm-up
		report('SQL search (index off), flat out', await load(baseline.url, queries, SECONDS))
		console.log(`  server memory (RSS) after searching flat out, index off: ${memoryOf(baseline)} MiB`)
	} finally {
		await baseline.stop()
	}

	rmSync(indexSnapshotPath(database.dataDir), { force: true })
	const building = await timedStart(database)
	const built = logged(building.server, 'company index built from the database')
	console.log(
		`  start without a snapshot: listening after ${building.listeningMs} ms; index built from the database after ${building.readyMs} ms (reading ${built.ms - built.buildMs} ms, building ${built.buildMs} ms)`,
	)
	await building.server.stop()

	const { server, listeningMs, readyMs } = await timedStart(database)
	try {
		const loaded = logged(server, 'company index loaded from its snapshot')
		console.log(
			`  start with the snapshot: listening after ${listeningMs} ms; index loaded after ${readyMs} ms (loading ${loaded.ms} ms; the index takes ${(loaded.bytes / 2 ** 20).toFixed(0)} MiB)`,
		)
		await load(server.url, queries, 3)
		const flat = await load(server.url, queries, SECONDS)
		report('index, flat out', flat)
		console.log(`  server memory (RSS) after searching flat out, index on: ${memoryOf(server)} MiB`)
		const typing = await typingLoad(server.url, queries)
		console.log(
			`  GET /businesses, index, ${CONNECTIONS} clients typing: p50 ${typing.p50} ms, p90 ${typing.p90} ms, p99 ${typing.p99} ms, ${typing.rate.toFixed(0)} req/s, non-2xx ${typing.failures}`,
		)
		await pageLoad(server.url, 3) // warm-up
		const alone = await pageLoad(server.url, SECONDS)
		const [searching, during] = await Promise.all([load(server.url, queries, SECONDS), pageLoad(server.url, SECONDS)])
		console.log(
			`  GET ${PAGE}, 2 clients alone: p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms, ${alone.requests.average.toFixed(0)} req/s`,
		)
		console.log(
			`  GET ${PAGE}, 2 clients while ${CONNECTIONS} search flat out: p50 ${during.latency.p50} ms, p99 ${during.latency.p99} ms, ${during.requests.average.toFixed(0)} req/s (searches meanwhile: ${searching.requests.average.toFixed(0)} req/s, p99 ${searching.latency.p99} ms)`,
		)
		console.log(`  server memory (RSS) after the runs: ${memoryOf(server)} MiB`)
	} finally {
		await server.stop()
	}
}

// As a site runs: the limits on (their defaults), behind a proxy that names a different visitor for
// each search (the limit's state for many addresses), flat out, then while PAGE_CLIENTS load
// uncached pages: what a typing customer waits while others browse. Twice: as the site runs now,
// and with every page rendered on the main thread (RENDER_THREAD=0, the baseline).
async function measureAsDeployed(database: TestDatabase, queries: string[]) {
	for (const [label, env] of [
		[LABELS[0], {}],
		[LABELS[1], { RENDER_THREAD: '0' }],
	] as const) {
		console.log(`  ${label}:`)
		const { server } = await timedStart(database, { TRUST_PROXY: '1', DEMO_COMPANIES: '0', ...env })
		const manyAddresses = visitorAddresses()
		try {
			await load(server.url, queries, 3, manyAddresses)
			report('index, flat out, limits on, a new address each', await load(server.url, queries, SECONDS, manyAddresses))
			await pageLoad(server.url, 3, PAGE_CLIENTS)
			const [searching, pages] = await Promise.all([
				load(server.url, queries, SECONDS, manyAddresses),
				pageLoad(server.url, SECONDS, PAGE_CLIENTS),
			])
			report(`index, limits on, while ${PAGE_CLIENTS} clients load ${PAGE}`, searching)
			console.log(
				`  GET ${PAGE} meanwhile, ${PAGE_CLIENTS} clients: p50 ${pages.latency.p50} ms, p99 ${pages.latency.p99} ms, ${pages.requests.average.toFixed(0)} req/s`,
			)
			if (label === LABELS[0]) {
				// The machine's floor: a process that has nothing to do with the site keeps a core busy.
				const busy = busyProcess()
				try {
					report(
						'index, limits on, while another process keeps a core busy (the control)',
						await load(server.url, queries, SECONDS, manyAddresses),
					)
				} finally {
					busy.kill()
				}
			}
		} finally {
			await server.stop()
		}
	}
}

// A busy loop in a process of its own, as unrelated to the site as a process can be.
function busyProcess() {
	return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
}

// A visitor address for each search, as a proxy would name them.
function visitorAddresses() {
	let n = 0
	return () => {
		n++
		return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }
	}
}

// Outside HTTP: the index against the SQL search on the same registry (1,000 queries of the mix),
// and the index's own time per query, for the mix and for queries made to cost the most.
async function compareInProcess(database: TestDatabase, queries: string[]) {
	const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
	try {
		const index = (await buildCompanyIndex(handle.db))!
		const differing: string[] = []
		for (const query of queries.slice(0, 1_000)) {
			if (JSON.stringify(await findCompanies(handle.db, query)) !== JSON.stringify(searchCompanyIndex(index, query)))
				differing.push(query)
		}
		console.log(
			`  the index and the SQL search give the same list for ${1_000 - differing.length} of 1,000 queries${
				differing.length
					? ` (not for ${differing
							.slice(0, 5)
							.map((query) => JSON.stringify(query))
							.join(', ')})`
					: ''
			}`,
		)
		const timed = (query: string) => {
			const started = performance.now()
			searchCompanyIndex(index, query)
			return performance.now() - started
		}
		queries.forEach(timed)
		const times = queries.map(timed).sort((a, b) => a - b)
		const costly = COSTLY.map((query) => `${JSON.stringify(query.slice(0, 12))} ${timed(query).toFixed(1)} ms`)
		console.log(
			`  index alone, per query of the mix: p50 ${times[times.length >> 1]!.toFixed(3)} ms, p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(3)} ms, slowest ${times.at(-1)!.toFixed(1)} ms; made to cost: ${costly.join(', ')}`,
		)
	} finally {
		await handle.close()
	}
}

async function timedStart(database: TestDatabase, env: Record<string, string> = NO_LIMIT) {
	const started = performance.now()
	const server = await startServer({ ...env, ...PROCESSES }, { database })
	const listeningMs = Math.round(performance.now() - started)
	for (;;) {
		const response = await fetch(`${server.url}/businesses?query=holding`)
		await response.arrayBuffer()
		if (response.headers.get('server-timing')?.startsWith('index')) break
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	return { server, listeningMs, readyMs: Math.round(performance.now() - started) }
}

function logged(server: RunningServer, message: string): { ms: number; buildMs: number; bytes: number } {
	const line =
		server
			.logs()
			.split('\n')
			.find((entry) => entry.includes(`"msg":"${message}"`)) ?? '{}'
	const { ms = 0, buildMs = 0, bytes = 0 } = JSON.parse(line) as { ms?: number; buildMs?: number; bytes?: number }
	return { ms, buildMs, bytes }
}

function report(label: string, result: autocannon.Result) {
	console.log(
		`  GET /businesses, ${label}, ${CONNECTIONS} clients, ${SECONDS} s: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
			`${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
	)
}

function load(
	baseUrl: string,
	queries: string[],
	duration: number,
	headers: () => Record<string, string> = () => ({}),
): Promise<autocannon.Result> {
	let next = 0
	return autocannon({
		url: baseUrl,
		connections: CONNECTIONS,
		duration,
		requests: [
			{
				method: 'GET',
				setupRequest: (request) => ({
					...request,
					headers: { ...request.headers, ...headers() },
					path: `/businesses?query=${encodeURIComponent(queries[next++ % queries.length]!)}`,
				}),
			},
		],
	})
}

// In a process of its own (autocannon's command line), so the time the page clients take to read
// their pages does not count in the searches' latencies, which this process measures.
async function pageLoad(baseUrl: string, duration: number, connections = 2): Promise<autocannon.Result> {
	const bin = new URL('../node_modules/.bin/autocannon', import.meta.url).pathname
	const { stdout } = await run(
		bin,
		['--json', '-c', String(connections), '-d', String(duration), `${baseUrl}${PAGE}`],
		{
			maxBuffer: 64 << 20,
		},
	)
	return JSON.parse(stdout) as autocannon.Result
}

async function typingLoad(baseUrl: string, queries: string[]) {
	let next = 0
	const latencies: number[] = []
	let failures = 0
	const deadline = performance.now() + SECONDS * 1000
	const random = seededRandom(11)
	await Promise.all(
		Array.from({ length: CONNECTIONS }, async () => {
			// A page that was just loaded holds its connection open: the first search is not timed.
			await (await fetch(`${baseUrl}/businesses?query=holding`)).arrayBuffer()
			while (performance.now() < deadline) {
				const started = performance.now()
				const response = await fetch(
					`${baseUrl}/businesses?query=${encodeURIComponent(queries[next++ % queries.length]!)}`,
				)
				await response.arrayBuffer()
				latencies.push(performance.now() - started)
				if (!response.ok) failures++
				await new Promise((resolve) => setTimeout(resolve, 150 + random() * 200))
			}
		}),
	)
	latencies.sort((a, b) => a - b)
	const at = (share: number) =>
		latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!.toFixed(1)
	return { p50: at(0.5), p90: at(0.9), p99: at(0.99), rate: latencies.length / SECONDS, failures }
}

// What people type: the start of their company's name (one word, or the first word and part of
// the second), a later word of it, the name with å/æ/ø written aa/ae/oe, or the CVR number (with
// spaces or a DK prefix now and then); 3 to 20 characters; and one in ten matches nothing.
function realisticQueries(file: string, count: number): string[] {
	const lines = readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean)
	const random = seededRandom(7)
	const pick = () => parseCsvLine(lines[Math.floor(random() * lines.length)]!, ';')
	const cut = (text: string, min: number) =>
		text.slice(0, Math.min(20, min + Math.floor(random() * Math.max(1, text.length - min + 1))))
	return Array.from({ length: count }, () => {
		const [cvr, name] = pick() as [string, string]
		const words = name.split(' ')
		const roll = random()
		if (roll < 0.3) return cut(words[0]!, 3)
		if (roll < 0.5 && words.length > 1) return cut(`${words[0]} ${words[1]}`, words[0]!.length + 2)
		if (roll < 0.65 && words.length > 1) return cut(words[1 + Math.floor(random() * (words.length - 1))]!, 3)
		if (roll < 0.75)
			return cut(
				name
					.replace(/å/g, 'aa')
					.replace(/æ/g, 'ae')
					.replace(/ø/g, 'oe')
					.replace(/Å/g, 'Aa')
					.replace(/Æ/g, 'Ae')
					.replace(/Ø/g, 'Oe'),
				3,
			)
		if (roll < 0.82) return cvr
		if (roll < 0.9) return random() < 0.5 ? `DK${cvr}` : cvr.replace(/(\d{2})(?=\d)/g, '$1 ')
		return Array.from(
			{ length: 4 + Math.floor(random() * 6) },
			() => 'bcdfghjklmnpqrstvwxzæøå'[Math.floor(random() * 23)],
		).join('')
	}).map((query) => (query.length < 3 ? `${query}   `.slice(0, 3) : query))
}

async function importUnlessThere(database: TestDatabase, registryFile: string) {
	if (!values.fresh && (await hasCompanies(database)))
		return console.log('  import: reused the database of an earlier run')
	const started = performance.now()
	const env = { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' }
	const { stdout } = await run(process.execPath, ['server/scripts/registry-import.ts', registryFile], {
		env,
		maxBuffer: 1e8,
	})
	console.log(`  import: ${seconds(started)} s (${stdout.trim().replace(/\n/g, ' ')})`)
}

function pgliteDatabase(count: number): TestDatabase {
	const dataDir = path.join(tmpdir(), `tolk-bench-pglite-${count}`)
	if (values.fresh) rmSync(dataDir, { recursive: true, force: true })
	mkdirSync(dataDir, { recursive: true })
	return { dataDir, drop: async () => {} }
}

async function postgresDatabase(count: number): Promise<TestDatabase | null> {
	const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 })
	try {
		await admin.connect()
	} catch {
		return null
	}
	const name = `tolk_bench_${count}`
	if (values.fresh) await admin.query(`drop database if exists ${name} with (force)`)
	const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
	if (!rowCount) await admin.query(`create database ${name}`)
	await admin.end()
	const url = new URL(POSTGRES_URL)
	url.pathname = `/${name}`
	const dataDir = path.join(tmpdir(), `tolk-bench-pgdir-${count}`)
	mkdirSync(dataDir, { recursive: true })
	return { dataDir, databaseUrl: url.toString(), drop: async () => {} }
}

async function hasCompanies(database: TestDatabase): Promise<boolean> {
	if (!database.databaseUrl) return existsSync(path.join(database.dataDir, 'pglite', 'PG_VERSION'))
	const client = new pg.Client({ connectionString: database.databaseUrl })
	await client.connect()
	try {
		const { rows } = await client.query<{ n: string }>(
			"select count(*) as n from pg_tables where tablename = 'companies'",
		)
		return rows[0]!.n !== '0' && (await client.query('select 1 from companies limit 1')).rowCount === 1
	} finally {
		await client.end()
	}
}

function memoryOf(server: RunningServer): number {
	const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8')
	return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024)
}

function seconds(since: number): string {
	return ((performance.now() - since) / 1000).toFixed(1)
}
