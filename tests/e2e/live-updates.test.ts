import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { launchBrowser, openPage, submitLogin, waitForHydration } from '#tests/setup/browser.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

let browser: Browser
beforeAll(async () => {
	browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('live updates', () => {
	// Two server starts (the second on the same database) and a reconnect.
	test(
		'reach an open page, and keep reaching it after the server is killed and started again',
		{ timeout: 150_000 },
		async () => {
			let server: RunningServer = await startServer(ADMIN_ENV)
			const database = server.database
			const port = new URL(server.url).port
			const page = await openPage(browser, server.url)
			try {
				await page.goto('/admin')
				await submitLogin(page)
				const recent = page.getByRole('region', { name: 'Recent changes' })
				await recent.waitFor()
				await waitForHydration(page)
				const rows = recent.getByRole('row')
				const before = await rows.count()

				// A change made elsewhere (another staff member, no browser) appears without a reload.
				const staff = await logIn(server.url)
				expect((await staff.call('PATCH', '/admin/position', { model: 'language', items: [2, 1] })).status).toBe(200)
				// (The other staff member's own "Logged in" arrives live too, so wait for the reorder itself.)
				await expect.poll(() => rows.count(), { timeout: 5_000 }).toBeGreaterThan(before)
				await expect.poll(() => recent.getByRole('row').nth(1).textContent(), { timeout: 5_000 }).toContain('Reordered')

				// The server dies without a word; another starts on the same address and database.
				server.process.kill('SIGKILL')
				await new Promise((resolve) => server.process.once('exit', resolve))
				server = await startServer({ ...ADMIN_ENV, PORT: port }, { database })

				// A change made while the page was cut off is fetched when it reconnects by itself…
				const afterRestart = await logIn(server.url)
				expect(
					(await afterRestart.post('/admin/faq-categories/new', { nameDa: 'Mens siden var væk', nameEn: 'While away' }))
						.status,
				).toBe(302)
				await recent.getByText('Mens siden var væk').waitFor({ timeout: 40_000 })
				// …and the next one arrives live again.
				expect(
					(await afterRestart.post('/admin/faq-categories/new', { nameDa: 'Genforbundet', nameEn: 'Reconnected' }))
						.status,
				).toBe(302)
				// (Live, with no reload: 15 s leaves room for a CI machine running other suites beside it.)
				await recent.getByText('Genforbundet').waitFor({ timeout: 15_000 })
			} finally {
				// While the server was down the browser logged the failed socket; nothing else may fail.
				const problems = page.problems.filter(
					(problem) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(problem),
				)
				await page.context().close()
				await server.stop()
				await database.drop()
				expect(problems).toEqual([])
			}
		},
	)
})
