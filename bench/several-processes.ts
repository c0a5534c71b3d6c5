// What sharing costs on PostgreSQL (decision 021), on a fresh database:
//   1. the business search limit: this process's own count (the embedded database's) against the
//      shared row (takeShared), 20 callers flat out, spread over 1,000 addresses and all on one;
//   2. the file store: a 100 MB file written into PostgreSQL and read back on a second DATA_DIR (as a
//      second machine would), MB/s and this process's peak resident memory above where it started;
//   3. the same over HTTP between two built server processes with their own DATA_DIR: a customer's
//      upload of a 95 MiB document to one, staff's download of it from the other, and each server's
//      peak resident memory above where it was before.
// Run: npm run build && npm run bench:several   (PostgreSQL from BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test)
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, mkdirSync, mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { createPostgresFileStore } from '#app/models/files/postgres-store.server.ts'
import { takeShared } from '#app/models/rate-limit.server.ts'
import { createSearchLimiter } from '#server/company-search/rate-limit.ts'
import { eq } from 'drizzle-orm'
import { documents, orders } from '#database/schema.ts'
import { saveQuote } from '#app/models/quote/quote.server.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { createTestDatabase } from '#tests/setup/database.ts'
import { visit } from '#tests/setup/http.ts'
import { acceptFields } from '#tests/setup/orders.ts'
import { startServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:several')

process.env.DATABASE_URL ??= process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CALLERS = 20
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 100)
const HTTP_MIB = Number(process.env.BENCH_HTTP_MIB ?? 95)

const test = await createTestDatabase()
const handle = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir })
await migrateDatabase(handle)
const { db } = handle

type Figures = { label: string; perSecond: number; p50: number; p99: number }

async function flatOut(label: string, call: (n: number) => unknown): Promise<Figures> {
	const times: number[] = []
	const end = performance.now() + SECONDS * 1000
	let n = 0
	await Promise.all(
		Array.from({ length: CALLERS }, async () => {
			while (performance.now() < end) {
				const start = performance.now()
				await call(n++)
				times.push(performance.now() - start)
			}
		}),
	)
	times.sort((a, b) => a - b)
	const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!
	return { label, perSecond: times.length / SECONDS, p50: at(0.5), p99: at(0.99) }
}

const limits = { perMinute: 1_000_000_000, perDay: 0 }
const own = createSearchLimiter(limits)
const limitFigures = [
	await flatOut('own count in the process, 1,000 addresses', (n) => own(`203.0.113.${n % 1000}`)),
	await flatOut('shared row in PostgreSQL, 1,000 addresses', (n) => takeShared(db, `search:a${n % 1000}`, limits)),
	await flatOut('shared row in PostgreSQL, all on one address', () => takeShared(db, 'search:one', limits)),
]

console.log(`\nthe search limit: ${CALLERS} callers for ${SECONDS} s each`)
console.log('| limit | takes/s | p50 | p99 |')
console.log('| --- | ---: | ---: | ---: |')
for (const { label, perSecond, p50, p99 } of limitFigures)
	console.log(`| ${label} | ${Math.round(perSecond).toLocaleString('en')} | ${ms(p50)} | ${ms(p99)} |`)

// The file: written a MiB at a time so the bench itself never holds it whole.
const [machineA, machineB] = [mkdtempSync(path.join(tmpdir(), 'tolk-a-')), mkdtempSync(path.join(tmpdir(), 'tolk-b-'))]
const file = path.join(machineA, 'documents', 'big.bin')
mkdirSync(path.dirname(file), { recursive: true })
writeFileSync(file, '')
for (let mb = 0; mb < FILE_MB; mb++) writeFileSync(file, randomBytes(1024 * 1024), { flag: 'a' })

console.log(`\na ${FILE_MB} MB file through the store in PostgreSQL`)
console.log('| run | write MB/s | read on the other machine MB/s | peak memory above the start | same bytes |')
console.log('| --- | ---: | ---: | ---: | --- |')
for (let run = 1; run <= 2; run++) {
	rmSync(path.join(machineB, 'documents'), { recursive: true, force: true })
	globalThis.gc?.()
	const start = process.memoryUsage().rss
	let peak = start
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
	const writing = performance.now()
	await createPostgresFileStore({ db, root: machineA }).publish(file)
	const wrote = (performance.now() - writing) / 1000
	const reading = performance.now()
	const there = path.join(machineB, 'documents', 'big.bin')
	await createPostgresFileStore({ db, root: machineB }).fetch(there)
	const read = (performance.now() - reading) / 1000
	clearInterval(sampler)
	const same = (await digest(file)) === (await digest(there))
	console.log(
		`| ${run} | ${(FILE_MB / wrote).toFixed(1)} | ${(FILE_MB / read).toFixed(1)} | ${((peak - start) / 1024 / 1024).toFixed(0)} MB | ${same ? 'yes' : 'NO'} |`,
	)
}

rmSync(machineA, { recursive: true, force: true })
rmSync(machineB, { recursive: true, force: true })
await overHttp()
await handle.close()
await test.drop()

// A customer's upload through one server and staff's download through the other, as two machines.
async function overHttp() {
	const env = { ...ADMIN_ENV, WORDCOUNT_WORKERS: '1' }
	const one = await startServer(env, { database: test })
	const otherDir = mkdtempSync(path.join(tmpdir(), 'tolk-other-'))
	const other = await startServer({ ...env, DATA_DIR: otherDir }, { database: test })
	try {
		const big = path.join(otherDir, 'upload.txt')
		writeFileSync(big, '')
		const line = Buffer.from('ord '.repeat(262_144))
		for (let mib = 0; mib < HTTP_MIB; mib++) writeFileSync(big, line, { flag: 'a' })
		const visitor = await visit(one.url, '/en/order')
		const form = new FormData()
		form.append('file', await openAsBlob(big), 'big.txt')
		const uploading = watchMemory(one.process.pid!)
		let started = performance.now()
		const uploaded = await visitor.get('/en/order/documents', {
			method: 'POST',
			body: form,
			headers: { 'x-csrf-token': visitor.csrfToken, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
		})
		const uploadSeconds = (performance.now() - started) / 1000
		const uploadPeak = uploading.stop()
		if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`)
		const { document } = (await uploaded.json()) as { document: { id: string } }
		// The quote is accepted once the document's count is settled (by whichever process).
		let row: typeof documents.$inferSelect | undefined
		for (;;) {
			;[row] = await db.select().from(documents).where(eq(documents.id, document.id))
			if (row!.status !== 'pending') break
			await new Promise((resolve) => setTimeout(resolve, 250))
		}
		// A file this size may go to a person (past the count's limits): priced as counted all the same.
		await db
			.update(documents)
			.set({ status: 'counted', words: 1000, manualReason: null })
			.where(eq(documents.id, document.id))
		const quoteId = await saveQuote(
			db,
			row!.draftId,
			{ from_language: 'da', to_language: 'en', delivery_date: '', copies: 1 },
			'en',
		)
		const accepted = await acceptQuote(testServices({ db }), quoteId, acceptFields(), 'en')
		if (!accepted.ok) throw new Error('the quote was not accepted')
		const [order] = await db.select().from(orders).where(eq(orders.token, accepted.token))
		const staff = await logIn(other.url)
		const downloading = watchMemory(other.process.pid!)
		started = performance.now()
		const response = await staff.get(`/admin/orders/${order!.id}/documents/${document.id}`)
		let bytes = 0
		for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length
		const downloadSeconds = (performance.now() - started) / 1000
		const downloadPeak = downloading.stop()
		const mib = HTTP_MIB
		console.log(`\na ${mib} MiB document over HTTP, two server processes with their own DATA_DIR`)
		console.log("| step | MiB/s | the server's peak memory above where it was |")
		console.log('| --- | ---: | ---: |')
		console.log(
			`| upload to one (streamed to disk, then into PostgreSQL) | ${(mib / uploadSeconds).toFixed(1)} | ${uploadPeak} MB |`,
		)
		console.log(
			`| download from the other (fetched from PostgreSQL, then streamed) | ${(mib / downloadSeconds).toFixed(1)} | ${downloadPeak} MB |`,
		)
		if (bytes !== mib * 1024 * 1024) throw new Error(`downloaded ${bytes} bytes`)
	} finally {
		await one.stop()
		await other.stop()
		rmSync(otherDir, { recursive: true, force: true })
	}
}

// A server's resident memory, sampled every 20 ms: the peak above the first reading, in MB.
function watchMemory(pid: number) {
	const read = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
	const start = read()
	let peak = start
	const timer = setInterval(() => (peak = Math.max(peak, read())), 20)
	return {
		stop() {
			clearInterval(timer)
			return ((peak - start) / 1024 / 1024).toFixed(0)
		},
	}
}

function ms(value: number) {
	return value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(2)} ms`
}

async function digest(name: string) {
	const hash = createHash('sha256')
	for await (const chunk of createReadStream(name)) hash.update(chunk as Buffer)
	return hash.digest('hex')
}
