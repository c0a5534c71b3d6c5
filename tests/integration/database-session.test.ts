import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { seedDatabase } from '#database/seed.ts'
import { createTestDatabase, cutConnections, openTestDatabase } from '#tests/setup/database.ts'
import { textOf, visit } from '#tests/setup/http.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

// The embedded database closes a connection idle this long (on PostgreSQL the test terminates the
// server's sessions instead), so every step below starts on a connection that went away.
const IDLE_MS = 200

let server: RunningServer
beforeAll(async () => {
	// Seeded before the server starts: a seed is no step that must survive a lost connection, and a
	// pause of 200 ms in it on a busy machine cut it off (the server then did not start).
	const database = await createTestDatabase()
	const handle = await openTestDatabase(database)
	await seedDatabase(handle.db, { companies: 2000 })
	await handle.close()
	// Searches ask the database here (no in-memory index): they are one of the steps that must reconnect.
	server = await startServer(
		{ ...ADMIN_ENV, PGLITE_IDLE_DISCONNECT_MS: String(IDLE_MS), COMPANY_SEARCH_INDEX: '0' },
		{ database },
	)
}, 120_000)
afterAll(async () => {
	await server?.stop()
	await server?.database.drop()
})

const cut = () => cutConnections(server.database, IDLE_MS)
const lostConnections = () =>
	server
		.logs()
		.split('\n')
		.filter((line) => line.includes('lost a database connection')).length

async function search(query: string) {
	const response = await fetch(`${server.url}/businesses?query=${encodeURIComponent(query)}`)
	expect(response.status).toBe(200)
	return ((await response.json()) as { businesses: { name: string }[] }).businesses
}

describe('after the database connection went away', () => {
	test('companies are searched, staff log in, the request form is sent and documents are uploaded', async () => {
		const first = await search('holding')
		expect(first.length).toBeGreaterThan(0)
		await cut()
		expect(await search('holding')).toEqual(first)
		await cut()
		expect(await search('holding')).toEqual(first)

		await cut()
		const staff = await logIn(server.url)
		expect((await staff.get('/admin/requests', { headers: { accept: 'text/html' } })).status).toBe(200)

		await cut()
		const visitor = await visit(server.url, '/en/contact')
		await cut()
		const sent = await visitor.get('/en/contact', {
			method: 'POST',
			body: new URLSearchParams({
				authenticity_token: visitor.csrfToken,
				name: 'Karen Blixen',
				email: 'karen@rungstedlund.dk',
				message: 'Please translate our report.',
				consent: 'on',
			}),
		})
		expect(sent.status).toBe(200)
		expect(textOf(await sent.text())).toMatch(/Your reference is [0-9A-Z]{4}-[0-9A-Z]{4}/)

		await cut()
		const form = new FormData()
		form.append('file', new Blob(['Kontrakten er underskrevet af begge parter.']), 'kontrakt.txt')
		const uploaded = await visitor.get('/en/order/documents', {
			method: 'POST',
			body: form,
			headers: { 'x-csrf-token': visitor.csrfToken, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
		})
		expect(uploaded.status).toBe(201)
		const { document } = (await uploaded.json()) as { document: { url: string } }
		await cut()
		await expect
			.poll(
				async () =>
					((await (await fetch(server.url + document.url)).json()) as { document: { words: number | null } }).document
						.words,
				{ timeout: 15_000 },
			)
			.toBe(6)

		// The connection really went, again and again, and nothing failed because of it.
		expect(lostConnections()).toBeGreaterThanOrEqual(5)
		expect(server.logs()).not.toMatch(/"level":50/)
	})
})

describe('after a quiet spell', () => {
	test("a search answers after longer idling than the pool driver's default idle timeout (10 s)", async () => {
		const quiet = await startServer({ COMPANY_SEARCH_INDEX: '0' })
		try {
			const before = await (await fetch(`${quiet.url}/businesses?query=jens`)).json()
			await new Promise((resolve) => setTimeout(resolve, 11_000))
			const after = await fetch(`${quiet.url}/businesses?query=jens`)
			expect(after.status).toBe(200)
			expect(await after.json()).toEqual(before)
			expect(quiet.logs()).not.toMatch(/"level":50/)
		} finally {
			await quiet.stop()
		}
	}, 40_000)
})
