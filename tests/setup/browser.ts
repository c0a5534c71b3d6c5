import AxeBuilder from '@axe-core/playwright'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { ADMIN } from '#tests/setup/admin.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Debian's Chromium; the closed network makes its background services fail loudly, so they are off.
export function launchBrowser(): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	})
}

export type WatchedPage = Page & { problems: string[] }

// A page that remembers console errors and uncaught exceptions (CSP violations show up as both).
export async function openPage(browser: Browser, baseURL: string): Promise<WatchedPage> {
	const context = await browser.newContext({ baseURL })
	const page = (await context.newPage()) as WatchedPage
	page.problems = []
	page.on('console', (message) => {
		if (message.type() === 'error') page.problems.push(message.text())
	})
	page.on('pageerror', (error) => page.problems.push(error.message))
	actOnHydratedPages(page)
	return page
}

// A built page paints before its script loads (app/http/deferred-boot.server.ts), so a load event
// no longer means React has hydrated it. A test acts as a person would once the page has settled:
// each navigation that lands on one of the app's pages waits for its hydration.
function actOnHydratedPages(page: Page): void {
	for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
		const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>
		Object.assign(page, {
			[method]: async (...args: unknown[]) => {
				const response = await navigate(...args)
				if (await page.evaluate(() => '__reactRouterContext' in window)) await waitForHydration(page)
				return response
			},
		})
	}
}

export async function waitForHydration(page: Page): Promise<void> {
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

// Axe measures colours as they are painted, so a fade still running (the appearing effect, a
// carousel sliding in) reads as poor contrast: finite animations are let finish first.
async function animationsFinished(page: Page): Promise<void> {
	await page.evaluate(async () => {
		const running = document
			.getAnimations()
			.filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
		await Promise.race([
			Promise.allSettled(running.map((animation) => animation.finished)),
			new Promise((resolve) => setTimeout(resolve, 5000)),
		])
	})
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
	await animationsFinished(page)
	const results = await new AxeBuilder({ page }).analyze()
	return results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

export type BrowserTests = {
	readonly server: RunningServer
	readonly browser: Browser
	// The file's database (made before the server when `seed` prepares it).
	readonly database: TestDatabase
	// A watched page on the server, at `path` once hydrated; its problems fail the test.
	open: (path?: string) => Promise<WatchedPage>
	// The site is stopped (its pages closed first, their problems kept for the test), `meanwhile`
	// changes its data as time passing would, and the same site starts again.
	restart: (meanwhile?: (database: TestDatabase) => Promise<void>) => Promise<void>
}

type Env = Record<string, string>

// One built server and one Chromium for the tests of a file; after each test its pages are
// closed and any console error, CSP violation or uncaught exception they saw fails it. `seed`
// prepares the file's database before the server first starts; an `env` function is read then.
export function setupBrowserTests(
	env: Env | (() => Env) = {},
	options: { seed?: (database: TestDatabase) => Promise<void> } = {},
): BrowserTests {
	let server: RunningServer | undefined
	let browser: Browser | undefined
	let database: TestDatabase | undefined
	let pages: WatchedPage[] = []
	let problems: string[] = []
	const envNow = () => (typeof env === 'function' ? env() : env)
	const closePages = async () => {
		problems.push(...pages.flatMap((page) => page.problems))
		await Promise.all(pages.map((page) => page.context().close()))
		pages = []
	}
	beforeAll(async () => {
		const serverEnv = envNow()
		database = await createTestDatabase({ seeded: !options.seed && serverEnv.DEMO_COMPANIES === undefined })
		await options.seed?.(database)
		;[server, browser] = await Promise.all([startServer(serverEnv, { database }), launchBrowser()])
	}, 180_000)
	afterAll(async () => {
		await browser?.close()
		await server?.stop()
		await database?.drop()
	})
	afterEach(async () => {
		await closePages()
		const seen = problems
		problems = []
		expect(seen, 'console errors, CSP violations or uncaught exceptions').toEqual([])
	})
	return {
		get server() {
			return server!
		},
		get browser() {
			return browser!
		},
		get database() {
			return database!
		},
		async open(path) {
			const page = await openPage(browser!, server!.url)
			pages.push(page)
			if (path) {
				await page.goto(path)
				await waitForHydration(page)
			}
			return page
		},
		async restart(meanwhile) {
			await closePages()
			await server!.stop()
			await meanwhile?.(database!)
			server = await startServer(envNow(), { database: database! })
		},
	}
}

// The login form, as staff fill it in (the admin account by default).
export async function submitLogin(page: Page, account: { email: string; password: string } = ADMIN): Promise<void> {
	await page.getByLabel('Email').fill(account.email)
	await page.getByLabel('Password').fill(account.password)
	await page.getByRole('button', { name: 'Log in' }).click()
}

// Staff arrive where they wanted to go, through the login page.
export async function logInAt(session: BrowserTests, path: string): Promise<WatchedPage> {
	const page = await session.open(path)
	await submitLogin(page)
	await page.waitForURL((url) => url.pathname === path)
	await page.getByRole('button', { name: 'Log out' }).waitFor()
	return page
}

// The earliest delivery date moves on at midnight in Denmark. A test that shows it, picks it and then has the
// server check it must not straddle that midnight, or the server rightly calls the date too early.
export const CLEAR_OF_MIDNIGHT_MS = 120_000

export async function clearOfMidnightInDenmark(now = new Date()): Promise<void> {
	const parts = new Intl.DateTimeFormat('en-GB', {
		timeZone: 'Europe/Copenhagen',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
		hourCycle: 'h23',
	}).formatToParts(now)
	const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)!.value)
	const untilMidnight = (24 * 3600 - (part('hour') * 3600 + part('minute') * 60 + part('second'))) * 1000
	if (untilMidnight < CLEAR_OF_MIDNIGHT_MS) await sleep(untilMidnight + 2_000)
}
