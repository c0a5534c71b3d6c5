import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createTestDatabase, openTestDatabase } from '#tests/setup/database.ts'
import { visit } from '#tests/setup/http.ts'
import { startServer } from '#tests/setup/server.ts'
import type * as AppModule from '#server/app.ts'
import { createLogger } from '#server/logger.ts'

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
		await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()

		inFlight.end(body.slice(100))
		const [response] = (await answered) as [IncomingMessage]
		expect(response.statusCode).toBe(302)
		expect(response.headers.location).toBe('/en/faq')
		expect(await exitCode).toBe(0)
		expect(server.logs()).toContain('"msg":"stopped"')
	})

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
		const app = createApp({ database, logger: createLogger({ LOG_LEVEL: 'silent' }), secretKey: 'x'.repeat(40), uploadsDir: testDatabase.dataDir, documentsDir: testDatabase.dataDir, mediaDir: testDatabase.dataDir, broadcast: async () => {}, enqueueAnalysis: () => {},
		sendMail: () => {}, trustProxy: false })
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
