import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#database/client.ts'
import { documents, orders } from '#database/schema.ts'
import { saveQuote } from '#app/models/quote/quote.server.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { identifierFor, openCable } from '#tests/setup/cable.ts'
import { createTestDatabase, openTestDatabase, SCRATCH, type TestDatabase } from '#tests/setup/database.ts'
import { visit, type Visitor } from '#tests/setup/http.ts'
import { NGINX, startBalancer, type Balancer } from '#tests/setup/nginx.ts'
import { acceptFields } from '#tests/setup/orders.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { postFile } from '#tests/setup/upload.ts'
import { LEASE } from '#server/company-search/leased-limit.ts'

// Two server processes as on two machines (each its own DATA_DIR) on one PostgreSQL, behind a real
// nginx taking turns between them (decision 021). PostgreSQL only: the embedded database belongs
// to one process.
const ENV = {
	...ADMIN_ENV,
	TRUST_PROXY: 'loopback',
	// A day's allowance, which no time passing refills: the count is the same on a slow machine.
	BUSINESS_SEARCHES_PER_MINUTE: '0',
	BUSINESS_SEARCHES_PER_DAY: '6',
	UPLOAD_FILES_PER_HOUR: '4',
	WORDCOUNT_WORKERS: '1',
	JOB_LEASE_S: '3',
	JOB_POLL_S: '0.5',
}

let database: TestDatabase
let handle: DatabaseHandle
let one: RunningServer
let other: RunningServer
let balancer: Balancer
let otherDataDir: string

describe.skipIf(!process.env.DATABASE_URL || !NGINX)('two server processes behind nginx on PostgreSQL', () => {
	beforeAll(async () => {
		database = await createTestDatabase()
		one = await startServer(ENV, { database })
		otherDataDir = await mkdtemp(path.join(SCRATCH, 'tolk-other-machine-'))
		other = await startServer({ ...ENV, DATA_DIR: otherDataDir }, { database })
		balancer = await startBalancer([one.url, other.url])
		handle = await openTestDatabase(database)
	}, 120_000)
	afterAll(async () => {
		await balancer?.stop()
		await Promise.all([one?.stop('SIGKILL'), other?.stop()])
		await handle?.close()
		await database?.drop()
		if (otherDataDir) await rm(otherDataDir, { recursive: true, force: true })
	})

	test('nginx takes turns between the two', async () => {
		for (let i = 0; i < 4; i++) expect((await fetch(`${balancer.url}/turns-probe-${i}`)).status).toBe(404)
		const probes = (server: RunningServer) => server.logs().match(/turns-probe-\d/g) ?? []
		// The log is written a moment after the answer.
		await until(async () => probes(one).length + probes(other).length === 4)
		expect(probes(one)).toHaveLength(2)
		expect(probes(other)).toHaveLength(2)
	})

	test('a document uploaded through one is counted, announced live on the other, and downloaded there', async () => {
		const visitor = await visit(one.url, '/en/order')
		const text = 'The contract is signed by both parties and enters into force on 1 January 2027.'
		const uploaded = await upload(visitor, 'contract.txt', text)
		expect(uploaded.status).toBe(201)
		const { document, stream } = (await uploaded.json()) as {
			document: { id: string; url: string }
			stream: { signedStreamName: string }
		}

		// A page open on the other process hears the count, wherever it was made.
		const cable = await openCable(other.url)
		cable.send({ command: 'subscribe', identifier: identifierFor(stream.signedStreamName) })
		await cable.next((message) => message.type === 'confirm_subscription')
		const counted = await counting(other.url, document.url)
		expect(counted).toMatchObject({ status: 'counted', words: 15 })
		const heard = await cable.next((message) => hasStatus(message.message, 'counted'), 10_000)
		expect(heard.message).toMatchObject({ type: 'document', document: { id: document.id, words: 15 } })
		cable.socket.close()

		// The counted text, kept by whichever process counted, is read through the other.
		const [row] = await handle.db.select().from(documents).where(eq(documents.id, document.id))
		const quoteId = await saveQuote(
			handle.db,
			row!.draftId,
			{ from_language: 'da', to_language: 'en', delivery_date: '', copies: 1 },
			'en',
		)
		const countedText = await fetch(`${other.url}/quotes/${quoteId}/documents/${document.id}/text?lang=en`)
		expect(countedText.status).toBe(200)
		expect(await countedText.text()).toContain('enters into force on 1 January 2027')

		// The customer's own file, received by one, is downloaded by staff through the other.
		const accepted = await acceptQuote(testServices({ db: handle.db }), quoteId, acceptFields(), 'en')
		if (!accepted.ok) throw new Error(JSON.stringify(accepted))
		const [order] = await handle.db.select().from(orders).where(eq(orders.token, accepted.token))
		const staff = await logIn(other.url)
		const original = await staff.get(`/admin/orders/${order!.id}/documents/${document.id}`)
		expect(original.status).toBe(200)
		expect(await original.text()).toBe(text)
	})

	test('the business search limit holds across both: 6 a day in all, not 6 each', async () => {
		const address = '198.51.100.21'
		const statuses: number[] = []
		for (let i = 0; i < 14; i++) {
			const response = await fetch(`${balancer.url}/businesses?query=tolk`, {
				headers: { 'x-forwarded-for': address },
			})
			statuses.push(response.status)
		}
		// Exact to within the lease: each process may answer up to LEASE searches the shared bucket
		// then refuses (decision 024); 6 each would be 12.
		const answered = statuses.filter((status) => status === 200).length
		expect(answered).toBeGreaterThanOrEqual(6)
		expect(answered).toBeLessThanOrEqual(6 + 2 * LEASE)
		// Once both processes have heard the bucket's refusal, the address is refused on either.
		const status = async () =>
			(await fetch(`${balancer.url}/businesses?query=tolk`, { headers: { 'x-forwarded-for': address } })).status
		await expect.poll(async () => [await status(), await status()]).toEqual([429, 429])
		// Another address has its own.
		const fresh = await fetch(`${balancer.url}/businesses?query=tolk`, {
			headers: { 'x-forwarded-for': '198.51.100.22' },
		})
		expect(fresh.status).toBe(200)
	})

	test('the upload quota holds across both: 4 files an hour from one address, wherever they land', async () => {
		const address = '198.51.100.31'
		const statuses: number[] = []
		for (let i = 0; i < 6; i++) {
			const visitor = await visit(balancer.url, '/en/order')
			const response = await upload(visitor, `file-${i}.txt`, `Words number ${i}.`, { 'x-forwarded-for': address })
			statuses.push(response.status)
		}
		expect(statuses).toEqual([201, 201, 201, 201, 429, 429])
	})

	test('a process killed mid-count leaves the document to the other, which finishes it', async () => {
		const visitor = await visit(one.url, '/en/order')
		const words = 'ord '.repeat(6_000_000)
		const uploaded = await upload(visitor, 'long.txt', words)
		expect(uploaded.status).toBe(201)
		const { document } = (await uploaded.json()) as { document: { id: string; url: string } }
		// The first process holds the count (its claim is in the database) and is killed while at it.
		await until(async () => {
			const [row] = await handle.db.select().from(documents).where(eq(documents.id, document.id))
			return row!.status === 'pending' && row!.countLeaseUntil !== null
		})
		await one.stop('SIGKILL')
		const [killed] = await handle.db.select().from(documents).where(eq(documents.id, document.id))
		expect(killed!.status).toBe('pending')
		const counted = await counting(other.url, document.url, 60_000)
		expect(counted).toMatchObject({ status: 'counted', words: 6_000_000 })
		expect(other.logs()).not.toContain('word count failed')
	})
})

const hasStatus = (message: unknown, status: string) =>
	(message as { document?: { status?: string } } | undefined)?.document?.status === status

const upload = (visitor: Visitor, name: string, content: string, headers: Record<string, string> = {}) =>
	postFile(visitor, '/en/order/documents', name, content, { headers })

async function counting(baseUrl: string, url: string, timeoutMs = 20_000) {
	let document: { status: string; words: number | null } | undefined
	await until(async () => {
		;({ document } = (await (await fetch(baseUrl + url)).json()) as { document: typeof document })
		return document!.status !== 'pending'
	}, timeoutMs)
	return document!
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
	const deadline = Date.now() + timeoutMs
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error('timed out')
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

describe('WEB_CONCURRENCY', () => {
	test.skipIf(!process.env.DATABASE_URL)(
		'on PostgreSQL, npm start runs that many processes on one port, starts again one that dies, and stops them all',
		async () => {
			const server = await startServer({ WEB_CONCURRENCY: '2' })
			try {
				const listening = () =>
					[...server.logs().matchAll(/"process":(\d),"pid":(\d+),"msg":"listening on/g)].map((match) => ({
						process: Number(match[1]),
						pid: Number(match[2]),
					}))
				await until(async () => listening().length === 2)
				expect(
					listening()
						.map((line) => line.process)
						.sort(),
				).toEqual([1, 2])
				expect((await fetch(`${server.url}/en`)).status).toBe(200)
				process.kill(listening().find((line) => line.process === 2)!.pid, 'SIGKILL')
				await until(async () => listening().length === 3)
				expect(server.logs()).toContain('a server process stopped; starting it again')
				for (let i = 0; i < 4; i++) expect((await fetch(`${server.url}/en/faq`)).status).toBe(200)
			} finally {
				expect(await server.stop()).toBe(0)
			}
		},
		60_000,
	)

	test.skipIf(Boolean(process.env.DATABASE_URL))(
		'on the embedded database one process runs, and the log says why',
		async () => {
			const server = await startServer({ WEB_CONCURRENCY: '3' })
			try {
				expect(server.logs()).toContain('running one server process: the embedded database belongs to one process')
				expect((await fetch(`${server.url}/en`)).status).toBe(200)
			} finally {
				await server.stop()
			}
		},
	)
})
