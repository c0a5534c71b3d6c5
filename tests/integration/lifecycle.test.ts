import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { Agent, createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createTestDatabase, openTestDatabase } from '#tests/setup/database.ts'
import { visit } from '#tests/setup/http.ts'
import { startServer } from '#tests/setup/server.ts'
import type * as AppModule from '#server/app.ts'
import { testServices } from '#tests/setup/services.ts'
import { TRUST_NO_PROXY } from '#server/trust-proxy.ts'

type AppBundle = typeof AppModule

describe('graceful stop', () => {
	test('SIGTERM lets the request in flight finish, refuses new ones and exits 0', async () => {
		const server = await startServer()
		const visitor = await visit(server.url, '/en/faq')
		const { port } = new URL(server.url)
		const body = `authenticity_token=${visitor.csrfToken}&padding=${'x'.repeat(1000)}`

		// A form post whose body is still arriving when the signal comes.
		const inFlight = request({
			host: '127.0.0.1',
			port,
			path: '/banner',
			method: 'POST',
			headers: {
				cookie: visitor.cookie,
				'content-type': 'application/x-www-form-urlencoded',
				'content-length': Buffer.byteLength(body),
				referer: `${server.url}/en/faq`,
			},
		})
		const answered = once(inFlight, 'response')
		inFlight.write(body.slice(0, 100))
		await new Promise((resolve) => setTimeout(resolve, 200))

		const exitCode = server.stop('SIGTERM')
		await new Promise((resolve) => setTimeout(resolve, 300))
		// A new connection is refused (a request on one already open would still be answered).
		await expect(
			new Promise((resolve, reject) =>
				request({ host: '127.0.0.1', port, path: '/healthz', agent: false }, resolve).on('error', reject).end(),
			),
		).rejects.toThrow(/ECONNREFUSED/)

		inFlight.end(body.slice(100))
		const [response] = (await answered) as [IncomingMessage]
		expect(response.statusCode).toBe(302)
		expect(response.headers.location).toBe('/en/faq')
		expect(await exitCode).toBe(0)
		expect(server.logs()).toContain('"msg":"stopped"')
	})

	test('SIGTERM under load from 20 keep-alive clients breaks no request: each connection ends after its answer', async () => {
		const server = await startServer()
		const { port } = new URL(server.url)
		const outcome = { answered: 0, closing: 0, refused: 0, broken: [] as string[] }
		let signalled = false
		// One request after another on one kept-alive connection, until the server no longer takes any.
		const client = async () => {
			const agent = new Agent({ keepAlive: true, maxSockets: 1 })
			for (;;) {
				const result = await new Promise<'answered' | 'refused'>((resolve) => {
					const call = request({ host: '127.0.0.1', port, path: '/en/faq', agent }, (response) => {
						let body = ''
						response.setEncoding('utf8')
						response.on('data', (chunk: string) => (body += chunk))
						response.on('error', (error) => outcome.broken.push(`body: ${error.message}`))
						response.on('end', () => {
							if (response.statusCode === 200 && body.includes('</html>')) outcome.answered++
							else outcome.broken.push(`status ${response.statusCode}, ${body.length} characters`)
							if (response.headers.connection === 'close') outcome.closing++
							resolve('answered')
						})
					})
					call.on('error', (error: NodeJS.ErrnoException) => {
						// A new connection refused: the server stopped accepting, nothing was lost.
						if (signalled && error.code === 'ECONNREFUSED' && !call.reusedSocket) return resolve('refused')
						outcome.broken.push(
							`${error.code ?? error.message} (${call.reusedSocket ? 'kept-alive' : 'new'} connection)`,
						)
						resolve('refused')
					})
					call.end()
				})
				if (result === 'refused') {
					outcome.refused++
					return agent.destroy()
				}
			}
		}
		const clients = Array.from({ length: 20 }, client)
		await expect.poll(() => outcome.answered, { timeout: 20_000 }).toBeGreaterThan(40)
		signalled = true
		const exitCode = server.stop('SIGTERM')
		await Promise.all(clients)
		expect(outcome.broken).toEqual([])
		expect(outcome.refused).toBe(20)
		// Each of the 20 connections was told, with its last answer, that it ends there.
		expect(outcome.closing).toBeGreaterThanOrEqual(20)
		expect(await exitCode).toBe(0)
	})

	// The count of 5,000,000 words takes 20 s on an idle machine and more than twice that beside
	// another test file on two slow cores: the poll waits for the count, not for a time.
	test(
		'SIGTERM while a word count runs exits 0 within 10 s, and the next start counts the document',
		{ timeout: 240_000 },
		async () => {
			const database = await createTestDatabase()
			try {
				const first = await startServer({}, { database })
				const visitor = await visit(first.url, '/en/order')
				const form = new FormData()
				form.append('file', new Blob(['ord '.repeat(5_000_000)]), 'long.txt')
				const uploaded = await visitor.get('/en/order/documents', {
					method: 'POST',
					body: form,
					headers: { 'x-csrf-token': visitor.csrfToken, accept: 'application/json' },
				})
				const { document } = (await uploaded.json()) as { document: { url: string } }
				const started = Date.now()
				expect(await first.stop('SIGTERM')).toBe(0)
				expect(Date.now() - started).toBeLessThan(10_000)
				expect(first.logs()).toContain('"msg":"stopped"')

				const second = await startServer({}, { database })
				try {
					await expect
						.poll(
							async () =>
								((await (await fetch(second.url + document.url)).json()) as { document: { words: number | null } })
									.document.words,
							{ timeout: 180_000 },
						)
						.toBe(5_000_000)
				} finally {
					await second.stop()
				}
			} finally {
				await database.drop()
			}
		},
	)

	test('SIGINT stops an idle server cleanly too', async () => {
		const server = await startServer()
		expect((await fetch(server.url)).status).toBe(200)
		expect(await server.stop('SIGINT')).toBe(0)
	})
})

describe('health', () => {
	test('healthz answers 503 and pages a 500 without details once the database no longer answers', async () => {
		const bundle = new URL('../../build/server/index.js', import.meta.url).href
		const { createApp } = (await import(/* @vite-ignore */ bundle)) as AppBundle
		const testDatabase = await createTestDatabase()
		const database = await openTestDatabase(testDatabase)
		const { logger, secretKey, broadcast, enqueueAnalysis, sendMail, uploadQuota, files } = testServices({
			db: database.db,
		})
		const directories = {
			uploadsDir: testDatabase.dataDir,
			documentsDir: testDatabase.dataDir,
			mediaDir: testDatabase.dataDir,
			files,
		}
		const search = {
			searchCompanies: async () => ({ businesses: [], source: 'database' as const }),
			searchLimits: { perMinute: 0, perDay: 0 },
		}
		const app = createApp({
			database,
			logger,
			secretKey,
			broadcast,
			enqueueAnalysis,
			sendMail,
			uploadQuota,
			...directories,
			...search,
			trustProxy: TRUST_NO_PROXY,
			publicUrl: () => 'http://localhost',
		})
		const http = createServer(app).listen(0, '127.0.0.1')
		await once(http, 'listening')
		const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/healthz`
		try {
			expect((await fetch(url)).status).toBe(200)
			await database.close()
			const response = await fetch(url)
			expect(response.status).toBe(503)
			expect(await response.json()).toEqual({ status: 'unavailable' })
			const page = await fetch(url.replace('/healthz', '/en/faq'))
			expect(page.status).toBe(500)
			const html = await page.text()
			expect(html).toContain('Something went wrong')
			expect(html).not.toMatch(/at \w+ \(|pool|Cannot use a pool|stack/i)
		} finally {
			http.close()
			await testDatabase.drop()
		}
	})
})

describe('secret key', () => {
	test('without SECRET_KEY a key is generated once, kept in DATA_DIR and reused', async () => {
		const server = await startServer({ SECRET_KEY: '' })
		const file = path.join(server.database.dataDir, 'secret_key')
		expect(existsSync(file)).toBe(true)
		const key = readFileSync(file, 'utf8')
		expect(key.length).toBeGreaterThanOrEqual(32)
		expect(server.logs()).toContain('SECRET_KEY is not set')
		expect(server.logs()).not.toContain(key)
		await server.process.kill('SIGTERM')
		await once(server.process, 'exit')
		expect(readFileSync(file, 'utf8')).toBe(key)
		await server.stop()
	})

	test('an invalid environment stops the boot with a clear message and no values', async () => {
		await expect(startServer({ PORT: 'not-a-port', SECRET_KEY: 'short-secret' })).rejects.toThrow(
			/Invalid environment:[\s\S]*PORT[\s\S]*SECRET_KEY: must be at least 32 characters/,
		)
		await expect(startServer({ SECRET_KEY: 'short-secret' })).rejects.not.toThrow(/short-secret/)
	})
})
