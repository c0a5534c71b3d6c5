// The whole delivery as one ZIP: an order with 20 delivered files of 20 MB each (random bytes, as
// a translated PDF or DOCX barely compresses), taken by the order's link from the built server.
// Ten downloads one after another (p50/p99 of the whole download, and MB/s), then three at once,
// with the server's resident memory sampled every 20 ms: a streamed ZIP keeps it flat. The
// baseline is one 20 MB file of the same order, the download the ZIP replaces twenty of.
// Run: npm run build && npm run bench:zip (DATABASE_URL=… to run it on PostgreSQL)
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { orderFiles } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { deliverableOrder, insertStaff } from '#tests/setup/orders.ts'
import { startServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:zip')

const FILES = 20
const FILE_MIB = 20
const RUNS = 10
const MIB = 1024 * 1024

async function writeRandomFile(file: string, bytes: number) {
	const handle = await open(file, 'w')
	try {
		for (let written = 0; written < bytes; written += MIB)
			await handle.write(randomBytes(Math.min(MIB, bytes - written)))
	} finally {
		await handle.close()
	}
}

async function seedOrder(database: TestDatabase) {
	const handle = await openTestDatabase(database)
	try {
		const { db } = handle
		await seedDatabase(db, { companies: 0 })
		const staff = await insertStaff(db)
		const services = testServices({ db })
		const order = await deliverableOrder(services, staff)
		await changeOrderStatus(services, staff, order.id, 'delivered')
		await db.delete(orderFiles).where(eq(orderFiles.orderId, order.id))
		const deliveries = path.join(database.dataDir, 'documents', 'deliveries')
		mkdirSync(deliveries, { recursive: true })
		let firstId = ''
		for (let index = 1; index <= FILES; index++) {
			const storedName = `${randomUUID()}.pdf`
			await writeRandomFile(path.join(deliveries, storedName), FILE_MIB * MIB)
			const [row] = await db
				.insert(orderFiles)
				.values({
					orderId: order.id,
					name: `bilag-${String(index).padStart(2, '0')}.en.pdf`,
					type: 'pdf',
					size: FILE_MIB * MIB,
					storedName,
					deliveredAt: new Date(),
					version: 1,
				})
				.returning()
			firstId ||= row!.id
		}
		return { token: order.token, firstId }
	} finally {
		await handle.close()
	}
}

// One whole download, read to its end: how long, how many bytes.
async function download(url: string) {
	const started = performance.now()
	const response = await fetch(url)
	if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}`)
	let bytes = 0
	for await (const chunk of response.body) bytes += chunk.length
	return { ms: performance.now() - started, bytes }
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const database = await createTestDatabase()
const seeded = performance.now()
const { token, firstId } = await seedOrder(database)
console.log(
	`${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${FILES} delivered files of ${FILE_MIB} MiB seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
)
const server = await startServer({}, { database })
const pid = server.process.pid!
const rssMib = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
let peak = 0
const sampler = setInterval(() => (peak = Math.max(peak, rssMib())), 20)
try {
	const zipUrl = `${server.url}/orders/${token}/files.zip`
	const fileUrl = `${server.url}/orders/${token}/files/${firstId}`
	await download(fileUrl)
	const single = [] as number[]
	for (let run = 0; run < RUNS; run++) single.push((await download(fileUrl)).ms)
	console.log(
		`baseline, one ${FILE_MIB} MiB file: p50 ${percentile(single, 50).toFixed(0)} ms, p99 ${percentile(single, 99).toFixed(0)} ms`,
	)

	const before = rssMib()
	peak = before
	const times = [] as number[]
	let size = 0
	for (let run = 0; run < RUNS; run++) {
		const { ms, bytes } = await download(zipUrl)
		times.push(ms)
		size = bytes
	}
	const p50 = percentile(times, 50)
	console.log(
		`the ZIP (${(size / MIB).toFixed(0)} MiB), ${RUNS} one after another: p50 ${p50.toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, ${(size / MIB / (p50 / 1000)).toFixed(0)} MiB/s`,
	)
	console.log(`server memory: ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB during`)

	peak = rssMib()
	const together = await Promise.all([download(zipUrl), download(zipUrl), download(zipUrl)])
	console.log(
		`three ZIPs at once: slowest ${Math.max(...together.map((one) => one.ms)).toFixed(0)} ms, server memory peak ${peak.toFixed(0)} MiB`,
	)
} finally {
	clearInterval(sampler)
	await server.stop()
	await database.drop()
}
