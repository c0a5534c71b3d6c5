import { describe, expect, test } from 'vitest'
import { seriousAxeViolations, setupBrowserTests, waitForHydration, type WatchedPage } from '#tests/setup/browser.ts'

const session = setupBrowserTests()
let page: WatchedPage

async function open(path: string) {
	page = await session.open(path)
	return page
}

const PUBLIC_PAGES = [
	'/',
	'/priser',
	'/bestil',
	'/faq',
	'/om-os',
	'/kontakt',
	'/p/juridisk-oversaettelse',
	'/en',
	'/en/prices',
	'/en/order',
	'/en/faq',
	'/en/about',
	'/en/contact',
	'/en/p/legal-translation',
	'/en/no-such-page',
]

describe('every public page', () => {
	test.each(PUBLIC_PAGES)('%s hydrates under the CSP and has no serious accessibility violations', async (path) => {
		await open(path)
		expect(await seriousAxeViolations(page)).toEqual([])
		// The browser reports a 404 document itself; that is the page working as meant.
		if (path === '/en/no-such-page')
			page.problems = page.problems.filter((problem) => !problem.includes('status of 404'))
	})
})

describe('navigation', () => {
	test('links navigate without a full page load', async () => {
		await open('/')
		await page.evaluate(() => ((window as { marker?: string }).marker = 'same document'))
		await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Priser' }).click()
		await page.getByRole('heading', { level: 1, name: 'Priser' }).waitFor()
		expect(await page.evaluate(() => (window as { marker?: string }).marker)).toBe('same document')
		expect(await page.title()).toBe('Priser · Tolk')
	})

	test('from a page a visitor reads, the order page and the contact form arrive with their texts', async () => {
		// The pages a visitor reads leave the order flow's texts out (app/utils/reading-pages.ts).
		const shownAsKey = /\b(account|request|quote|orderPage|accept|upload|order|datePicker|certified)\.[a-zA-Z]/
		await open('/en/prices')
		await page.evaluate(() => ((window as { marker?: string }).marker = 'same document'))
		const menu = page.getByRole('navigation', { name: 'Main menu' })
		await menu.getByRole('link', { name: 'Order', exact: true }).click()
		await page.getByRole('heading', { level: 1, name: 'Order a translation' }).waitFor()
		expect(await page.locator('main').innerText()).not.toMatch(shownAsKey)
		await menu.getByRole('link', { name: 'Contact', exact: true }).click()
		await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor()
		await page.getByLabel('Name').first().waitFor()
		expect(await page.locator('main').innerText()).not.toMatch(shownAsKey)
		expect(await page.evaluate(() => (window as { marker?: string }).marker)).toBe('same document')
	})

	test('the language switch keeps the visitor on the same page', async () => {
		await open('/priser')
		await page.getByRole('link', { name: 'Read this page in English' }).click()
		await page.getByRole('heading', { level: 1, name: 'Prices' }).waitFor()
		expect(new URL(page.url()).pathname).toBe('/en/prices')
		expect(await page.locator('html').getAttribute('lang')).toBe('en')
		expect(await page.getByText('Price per word from').textContent()).toContain('DKK')

		await page.goto('/en/p/legal-translation')
		await waitForHydration(page)
		await page.getByRole('link', { name: 'Læs siden på dansk' }).click()
		await page.getByRole('heading', { level: 1, name: 'Juridisk oversættelse' }).waitFor()
		expect(new URL(page.url()).pathname).toBe('/p/juridisk-oversaettelse')
		expect(await page.locator('html').getAttribute('lang')).toBe('da')
	})

	test('the dropdown menu opens with mouse and keyboard', async () => {
		await open('/')
		const menu = page.getByRole('navigation', { name: 'Hovedmenu' })
		await menu.getByRole('button', { name: 'Ydelser' }).click()
		await menu.getByRole('link', { name: 'Juridisk oversættelse' }).click()
		await page.getByRole('heading', { level: 1, name: 'Juridisk oversættelse' }).waitFor()

		await menu.getByRole('button', { name: 'Ydelser' }).focus()
		await page.keyboard.press('Enter')
		expect(await menu.getByRole('button', { name: 'Ydelser' }).getAttribute('aria-expanded')).toBe('true')
		await page.keyboard.press('Tab')
		await page.keyboard.press('Enter')
		await page.getByRole('heading', { level: 1, name: 'Certificeret oversættelse' }).waitFor()
	})

	test('on a phone the menu is behind a one-line header button, by touch and keyboard alike', async () => {
		const context = await session.browser.newContext({
			baseURL: session.server.url,
			viewport: { width: 390, height: 844 },
			hasTouch: true,
			isMobile: true,
		})
		try {
			const phone = await context.newPage()
			await phone.goto('/en')
			await waitForHydration(phone)
			const header = (await phone.locator('header').first().boundingBox())!
			expect(header.height).toBeLessThan(80)
			const button = phone.getByRole('button', { name: 'Menu' })
			const menu = phone.getByRole('navigation', { name: 'Main menu' })
			expect(await menu.isVisible()).toBe(false)
			expect(await button.getAttribute('aria-expanded')).toBe('false')
			await button.tap()
			await menu.getByRole('link', { name: 'FAQ' }).waitFor()
			// The popover's toggle event comes a task after it opened.
			await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true')
			expect(await seriousAxeViolations(phone)).toEqual([])
			await phone.keyboard.press('Escape')
			await expect.poll(() => menu.isVisible()).toBe(false)
			await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false')

			// The keyboard: Enter opens it, Tab goes into it, a link leaves for its page and closes it.
			await button.focus()
			await phone.keyboard.press('Enter')
			await menu.getByRole('link', { name: 'FAQ' }).waitFor()
			await menu.getByRole('button', { name: 'Services' }).focus()
			await phone.keyboard.press('Enter')
			await phone.keyboard.press('Tab')
			await phone.keyboard.press('Enter')
			await phone.getByRole('heading', { level: 1, name: 'Certified translation' }).waitFor()
			await expect.poll(() => menu.isVisible()).toBe(false)
		} finally {
			await context.close()
		}
	})

	test('before the script has loaded, the phone menu button opens the menu all the same', async () => {
		const context = await session.browser.newContext({
			baseURL: session.server.url,
			viewport: { width: 390, height: 844 },
			javaScriptEnabled: false,
		})
		try {
			const phone = await context.newPage()
			await phone.goto('/en')
			await phone.getByRole('button', { name: 'Menu' }).click()
			await phone.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Prices' }).click()
			await phone.waitForURL('**/en/prices')
		} finally {
			await context.close()
		}
	})

	test('the navigation bar sticks to the top once scrolled past and lets go when scrolled back', async () => {
		await open('/om-os')
		const bar = page.locator('[data-controller="sticky-navbar"]')
		expect(await bar.getAttribute('data-state')).toBe('normal')
		await page.mouse.wheel(0, 600)
		await page.locator('[data-controller="sticky-navbar"][data-state="fixed"]').waitFor()
		expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed')
		expect(await bar.evaluate((element) => element.getBoundingClientRect().top)).toBe(0)
		await page.evaluate(() => window.scrollTo(0, 0))
		await page.locator('[data-controller="sticky-navbar"][data-state="normal"]').waitFor()
		expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('relative')
	})

	test('the banner can be dismissed and stays dismissed', async () => {
		await open('/')
		const banner = page.getByRole('complementary', { name: 'Meddelelse' })
		// Read before the click: the revalidation after the action renders a freshly masked token.
		const pageToken = await page.locator('meta[name="csrf-token"]').getAttribute('content')
		const saved = page.waitForResponse(
			(response) => response.url().includes('/banner') && response.request().method() === 'POST',
		)
		await banner.getByRole('button', { name: 'Luk meddelelsen' }).click()
		await banner.waitFor({ state: 'detached' })
		const response = await saved
		expect(response.status()).toBe(200)
		// The page navigation layer sends the page's token and the XMLHttpRequest marker.
		const sent = response.request().headers()
		expect(sent['x-csrf-token']).toBe(pageToken)
		expect(sent['x-requested-with']).toBe('XMLHttpRequest')
		await page.reload()
		await waitForHydration(page)
		expect(await page.getByRole('complementary', { name: 'Meddelelse' }).count()).toBe(0)
	})
})

describe('page navigation layer', () => {
	test('a progress bar appears only when a navigation takes longer than 500 ms', async () => {
		await open('/')
		// Remembers whether the bar ever appeared, however briefly.
		await page.evaluate(() => {
			const state = window as { progressSeen?: boolean }
			state.progressSeen = false
			new MutationObserver(() => {
				if (document.querySelector('[role="progressbar"]')) state.progressSeen = true
			}).observe(document.body, { childList: true, subtree: true })
		})
		const menu = page.getByRole('navigation', { name: 'Hovedmenu' })
		await menu.getByRole('link', { name: 'FAQ' }).click()
		await page.getByRole('heading', { level: 1, name: 'Ofte stillede spørgsmål' }).waitFor()
		expect(await page.evaluate(() => (window as { progressSeen?: boolean }).progressSeen)).toBe(false)

		await page.route('**/kontakt.data*', async (route) => {
			await new Promise((resolve) => setTimeout(resolve, 1_500))
			await route.continue()
		})
		await menu.getByRole('link', { name: 'Kontakt' }).click()
		const bar = page.getByRole('progressbar', { name: 'Siden indlæses' })
		await bar.waitFor()
		expect(await bar.evaluate((element) => element.getBoundingClientRect().height)).toBe(3)
		await page.getByRole('heading', { level: 1, name: 'Kontakt' }).waitFor()
		await bar.waitFor({ state: 'detached' })
	})

	test('back shows a cached snapshot at once, then refreshes it', async () => {
		await open('/')
		const menu = page.getByRole('navigation', { name: 'Hovedmenu' })
		await menu.getByRole('link', { name: 'Priser' }).click()
		await page.getByRole('heading', { level: 1, name: 'Priser' }).waitFor()
		await menu.getByRole('link', { name: 'Om os' }).click()
		await page.getByRole('heading', { level: 1, name: 'Om os' }).waitFor()

		// From now on the server takes 20 s to answer for the prices page.
		let refreshes = 0
		await page.route('**/priser.data*', async (route) => {
			refreshes++
			await new Promise((resolve) => setTimeout(resolve, 20_000))
			await route.continue().catch(() => {})
		})
		await page.goBack()
		await page.getByRole('heading', { level: 1, name: 'Priser' }).waitFor({ timeout: 5_000 })
		await expect.poll(() => refreshes).toBe(1)
		await page.unrouteAll({ behavior: 'ignoreErrors' })
	})

	test('a failed navigation falls back to a full page load', async () => {
		await open('/')
		await page.evaluate(() => ((window as { marker?: string }).marker = 'same document'))
		await page.route('**/faq.data*', (route) => route.abort('connectionrefused'), { times: 1 })
		await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'FAQ' }).click()
		await page.waitForURL('**/faq')
		await page.getByRole('heading', { level: 1, name: 'Ofte stillede spørgsmål' }).waitFor()
		await waitForHydration(page)
		expect(await page.evaluate(() => (window as { marker?: string }).marker)).toBeUndefined()
		// The aborted fetch is reported by the browser itself; nothing else went wrong.
		page.problems = page.problems.filter((problem) => !problem.includes('net::ERR_CONNECTION_REFUSED'))
	})
})

describe('first paint', () => {
	// The page works without script, so it paints with its styles inline before any script loads.
	test.each(['/', '/en/order'])('%s paints before its scripts load, then hydrates', async (path) => {
		const served = await (await fetch(session.server.url + path)).text()
		const head = served.slice(0, served.indexOf('</head>'))
		expect(head).not.toContain('rel="modulepreload"')
		expect(head).not.toContain('rel="stylesheet"')
		expect(head).toMatch(/<style data-precedence="app" data-href="\/assets\/app-[\w-]+\.css">[^]{20000,}?<\/style>/)
		expect(served).toMatch(
			/<script[^>]* type="text\/x-deferred-boot">[^<]+<\/script><script nonce="[^"]*" data-boot-after-paint="">/,
		)

		await open(path)
		const after = await page.evaluate(() => ({
			preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
			parked: document.querySelectorAll('script[type="text/x-deferred-boot"], script[data-boot-after-paint]').length,
			styled: getComputedStyle(document.body).backgroundColor,
		}))
		expect(after.preloads).toBeGreaterThan(5)
		expect(after.parked).toBe(0)
		expect(after.styled).toBe('rgb(255, 255, 255)')
		// The router is React's now: a link is followed in the same document, not by a page load.
		await page.evaluate(() => ((window as { marker?: string }).marker = 'same document'))
		await page
			.getByRole('link', { name: path === '/' ? 'FAQ' : 'Prices' })
			.first()
			.click()
		await page.waitForURL(path === '/' ? '**/faq' : '**/en/prices')
		expect(await page.evaluate(() => (window as { marker?: string }).marker)).toBe('same document')
	})
})
