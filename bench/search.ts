// The business picker's search at the real registry's size: a synthetic registry of 2.2 million
// companies (about 40% active) is generated, imported with `npm run registry:import` (timed) into
// PGlite and into PostgreSQL, and the built server is asked `GET /businesses` by 20 concurrent
// clients with a realistic mix of queries. Prints latency (p50, p90, p99), throughput, import
// time, database size and the server's memory.
// Run: npm run build && npm run bench:search [-- --count 2200000 --seconds 20 --only pglite|postgres --reuse]
// --reuse keeps the imported databases (in the temp directory, and as tolk_bench_<count> on
// PostgreSQL) and uses them again next time instead of importing.
// PostgreSQL comes from BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test); a
// scratch database is created on it and dropped afterwards.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { seededRandom } from '../app/models/company/generate.server.ts'
import { parseCsvLine } from '../app/models/company/import.server.ts'
import { startServer } from '../tests/setup/server.ts'
import type { TestDatabase } from '../tests/setup/database.ts'

const { values } = parseArgs({ options: { count: { type: 'string', default: '2200000' }, seconds: { type: 'string', default: '20' }, only: { type: 'string' }, connections: { type: 'string', default: '20' }, reuse: { type: 'boolean', default: false } } })
const COUNT = Number(values.count)
const SECONDS = Number(values.seconds)
const CONNECTIONS = Number(values.connections)
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const run = promisify(execFile)

// One registry file per size, kept in the temp directory between runs (it takes a while to write).
const registryFile = path.join(tmpdir(), `tolk-bench-registry-${COUNT}.csv`)
if (!existsSync(registryFile)) {
	const started = performance.now()
	await run(process.execPath, ['server/scripts/registry-generate.ts', '--count', String(COUNT), '--seed', '42', '--out', registryFile], { maxBuffer: 1e8 })
	console.log(`generated ${COUNT.toLocaleString('en')} companies in ${seconds(started)} s → ${registryFile}`)
}
const queries = realisticQueries(registryFile, 5_000)
console.log(`query mix: ${queries.length} queries, e.g. ${queries.slice(0, 8).map((query) => JSON.stringify(query)).join(', ')}`)

for (const kind of ['pglite', 'postgres'] as const) {
	if (values.only && values.only !== kind) continue
	const database = kind === 'pglite' ? pgliteDatabase() : await postgresDatabase()
	const isReused = Boolean(values.reuse && database && (await hasCompanies(database)))
	if (!database) {
		console.log(`\npostgres: no server at ${POSTGRES_URL}; skipped`)
		continue
	}
	try {
		console.log(`\n${kind}:`)
		if (isReused) console.log('  import: reused the database of an earlier run')
		else {
			const started = performance.now()
			const env = { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' }
			const { stdout } = await run(process.execPath, ['server/scripts/registry-import.ts', registryFile], { env, maxBuffer: 1e8 })
			console.log(`  import: ${seconds(started)} s (${stdout.trim()})`)
		}
		const server = await startServer({ DEMO_COMPANIES: '0' }, { database })
		try {
			const size = await databaseSize(database)
			console.log(`  database size: ${size}`)
			await load(server.url, 5) // warm-up
			// People typing: each client asks, waits for the answer, then 150 to 350 ms (the next
			// debounced keystroke), and asks again.
			const typing = await typingLoad(server.url, SECONDS)
			console.log(
				`  GET /businesses, ${CONNECTIONS} clients typing, ${SECONDS} s: p50 ${typing.p50} ms, p90 ${typing.p90} ms, p99 ${typing.p99} ms, ` +
					`${typing.rate.toFixed(0)} req/s, non-2xx ${typing.failures}`,
			)
			// As fast as the clients can go: the server's capacity, and latency at saturation.
			report(`${CONNECTIONS} clients flat out`, await load(server.url, SECONDS))
			const rss = memoryOf(server.process.pid!)
			console.log(`  server memory (RSS) after the run: ${rss}`)
		} finally {
			await server.stop()
		}
	} finally {
		if (!values.reuse) await database.drop()
	}
}

async function typingLoad(baseUrl: string, duration: number) {
	let next = 0
	const latencies: number[] = []
	let failures = 0
	const deadline = performance.now() + duration * 1000
	const random = seededRandom(11)
	await Promise.all(
		Array.from({ length: CONNECTIONS }, async () => {
			while (performance.now() < deadline) {
				const started = performance.now()
				const response = await fetch(`${baseUrl}/businesses?query=${encodeURIComponent(queries[next++ % queries.length]!)}`)
				await response.arrayBuffer()
				latencies.push(performance.now() - started)
				if (!response.ok) failures++
				await new Promise((resolve) => setTimeout(resolve, 150 + random() * 200))
			}
		}),
	)
	latencies.sort((a, b) => a - b)
	const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!.toFixed(1)
	return { p50: at(0.5), p90: at(0.9), p99: at(0.99), rate: latencies.length / duration, failures }
}

function report(label: string, result: autocannon.Result) {
	console.log(
		`  GET /businesses, ${label}, ${SECONDS} s: p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, ` +
			`${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
	)
}

function load(baseUrl: string, duration: number): Promise<autocannon.Result> {
	let next = 0
	return autocannon({
		url: baseUrl,
		connections: CONNECTIONS,
		duration,
		requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/businesses?query=${encodeURIComponent(queries[next++ % queries.length]!)}` }) }],
	})
}

// What people type: the start of their company's name (one word, or the first word and part of
// the second), a later word of it, the name with å/æ/ø written aa/ae/oe, or the CVR number (with
// spaces or a DK prefix now and then); 3 to 20 characters.
function realisticQueries(file: string, count: number): string[] {
	const lines = readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean)
	const random = seededRandom(7)
	const pick = () => parseCsvLine(lines[Math.floor(random() * lines.length)]!, ';')
	const cut = (text: string, min: number) => text.slice(0, Math.min(20, min + Math.floor(random() * Math.max(1, text.length - min + 1))))
	return Array.from({ length: count }, () => {
		const [cvr, name] = pick() as [string, string]
		const words = name.split(' ')
		const roll = random()
		if (roll < 0.35) return cut(words[0]!, 3)
		if (roll < 0.6 && words.length > 1) return cut(`${words[0]} ${words[1]}`, words[0]!.length + 2)
		if (roll < 0.75 && words.length > 1) return cut(words[1 + Math.floor(random() * (words.length - 1))]!, 3)
		if (roll < 0.85) return cut(name.replace(/å/g, 'aa').replace(/æ/g, 'ae').replace(/ø/g, 'oe').replace(/Å/g, 'Aa').replace(/Æ/g, 'Ae').replace(/Ø/g, 'Oe'), 3)
		if (roll < 0.92) return cvr
		return random() < 0.5 ? `DK${cvr}` : cvr.replace(/(\d{2})(?=\d)/g, '$1 ')
	}).map((query) => (query.length < 3 ? `${query}   `.slice(0, 3) : query))
}

function pgliteDatabase(): TestDatabase {
	const dataDir = values.reuse ? path.join(tmpdir(), `tolk-bench-pglite-${COUNT}`) : mkdtempSync(path.join(tmpdir(), 'tolk-bench-search-'))
	mkdirSync(dataDir, { recursive: true })
	return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
}

async function postgresDatabase(): Promise<TestDatabase | null> {
	const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 })
	try {
		await admin.connect()
	} catch {
		return null
	}
	const name = values.reuse ? `tolk_bench_${COUNT}` : `tolk_bench_${randomBytes(4).toString('hex')}`
	const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
	if (!rowCount) await admin.query(`create database ${name}`)
	await admin.end()
	const url = new URL(POSTGRES_URL)
	url.pathname = `/${name}`
	return {
		dataDir: mkdtempSync(path.join(tmpdir(), 'tolk-bench-search-')),
		databaseUrl: url.toString(),
		drop: async () => {
			const client = new pg.Client({ connectionString: POSTGRES_URL })
			await client.connect()
			await client.query(`drop database if exists ${name} with (force)`)
			await client.end()
		},
	}
}

async function hasCompanies(database: TestDatabase): Promise<boolean> {
	if (!database.databaseUrl) return existsSync(path.join(database.dataDir, 'pglite', 'PG_VERSION'))
	const client = new pg.Client({ connectionString: database.databaseUrl })
	await client.connect()
	try {
		const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_tables where tablename = 'companies'")
		if (rows[0]!.n === '0') return false
		return (await client.query('select 1 from companies limit 1')).rowCount === 1
	} finally {
		await client.end()
	}
}

// On PGlite the server holds the database, so its size is read from the data directory.
async function databaseSize(database: TestDatabase): Promise<string> {
	if (!database.databaseUrl) {
		const { stdout } = await run('du', ['-sh', path.join(database.dataDir, 'pglite')])
		return `${stdout.split('\t')[0]} on disk (data directory)`
	}
	const client = new pg.Client({ connectionString: database.databaseUrl })
	await client.connect()
	const { rows } = await client.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size')
	await client.end()
	return rows[0]!.size
}

function memoryOf(pid: number): string {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	const kib = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0)
	return `${(kib / 1024).toFixed(0)} MiB`
}

function seconds(since: number): string {
	return ((performance.now() - since) / 1000).toFixed(1)
}
