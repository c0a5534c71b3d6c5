import type { AddressInfo } from 'node:net'
import type { Worker } from 'node:worker_threads'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { faqItems } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { createLogger } from '#server/logger.ts'
import { startRenderThreads } from '#server/render-thread/pool.ts'
import type { RenderThread } from '#server/render-thread/thread.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'

// The built server's bundle (npm test builds before it runs the tests).
const BUNDLE = new URL('../../build/server/index.js', import.meta.url).href
const testDatabase = setupTestDatabase()
let thread: RenderThread
// Each thread started, the latest last.
const workers: Worker[] = []
let url: string
let close: () => void

beforeAll(async () => {
	await seedDatabase(testDatabase.handle.db, { companies: 0 })
	// Two threads, as on a 2-core machine: the pages go to either.
	thread = startRenderThreads(2, {
		pool: testDatabase.handle.pool,
		logger: createLogger({ LOG_LEVEL: 'silent' }),
		onWorker: (started) => workers.push(started),
		data: {
			bundle: BUNDLE,
			logLevel: 'silent',
			secretKey: 'a'.repeat(64),
			uploadsDir: '/nonexistent/uploads',
			documentsDir: '/nonexistent/documents',
			mediaDir: '/nonexistent/media',
			uploadQuota: { filesPerHour: 1, bytesPerHour: 1, filesPerOrder: 1, bytesPerOrder: 1 },
			sharedFiles: false,
		},
	})
	const app = express()
	app.get('/{*path}', (req, res, next) =>
		thread
			.render(req, res, {
				csrfToken: 'the-visitors-token',
				nonce: 'the-requests-nonce',
				clientAddress: '192.0.2.1',
				secureCookies: false,
				publicUrl: 'https://tolk.example',
			})
			.catch(next),
	)
	const server = app.listen(0)
	await new Promise((resolve) => server.once('listening', resolve))
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	close = () => server.close()
})

afterAll(async () => {
	close()
	await thread.close()
})

const page = async (path: string) => {
	const response = await fetch(url + path)
	return { status: response.status, html: await response.text(), encoding: response.headers.get('content-encoding') }
}

describe('the render thread', () => {
	test('renders a page with the token and nonce the main thread gave it, compressed as the visitor accepts', async () => {
		const { status, html, encoding } = await page('/en/faq')
		expect(status).toBe(200)
		expect(encoding).toBe('gzip')
		expect(html).toContain('<meta name="csrf-token" content="the-visitors-token"')
		expect(html).toContain('nonce="the-requests-nonce"')
		expect(html).toContain('https://tolk.example/en/faq')
	})

	test('a change to the content is on the next page it renders', async () => {
		const { db } = testDatabase.handle
		const [item] = await db
			.insert(faqItems)
			.values({ questionDa: 'Spørgsmål A', questionEn: 'Question one', answerDa: 'Svar', answerEn: 'Answer one' })
			.returning({ id: faqItems.id })
		expect((await page('/en/faq')).html).toContain('Question one')
		await db.update(faqItems).set({ questionEn: 'Question two' }).where(eq(faqItems.id, item!.id))
		const { status, html } = await page('/en/faq')
		expect(status).toBe(200)
		expect(html).toContain('Question two')
		expect(html).not.toContain('Question one')
	})

	test('a thread that stopped is replaced, and the pages after it are rendered', async () => {
		await workers[0]!.terminate()
		await expect.poll(() => workers.length, { timeout: 10_000 }).toBe(3)
		for (const { status, html } of await Promise.all(['/faq', '/om-os', '/priser'].map(page))) {
			expect(status).toBe(200)
			expect(html).toContain('<html lang="da"')
		}
	})

	test('pages asked for at once are shared between the threads, and each gets its own page', async () => {
		const paths = ['/en', '/en/faq', '/en/about', '/en/prices', '/', '/faq', '/om-os', '/priser']
		const pages = await Promise.all(paths.map(page))
		for (const [index, { status, html }] of pages.entries()) {
			expect(status).toBe(200)
			expect(html).toContain(`https://tolk.example${paths[index]}"`)
		}
	})
})
