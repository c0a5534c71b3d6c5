import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type Page } from 'playwright-core'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Debian's Chromium; the closed network makes its background services fail loudly, so they are off.
export function launchBrowser(): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
	return page
}

export async function waitForHydration(page: Page): Promise<void> {
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).analyze()
	return results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
