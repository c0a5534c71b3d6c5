import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import { logInAt, setupBrowserTests, waitForHydration } from '#tests/setup/browser.ts'

const session = setupBrowserTests(ADMIN_ENV)

const WIDTHS = [360, 390]
const PUBLIC_PAGES = [
	'/',
	'/en',
	'/priser',
	'/en/prices',
	'/bestil',
	'/en/order',
	'/faq',
	'/en/faq',
	'/om-os',
	'/en/about',
	'/kontakt',
	'/en/contact',
	'/p/certificeret-oversaettelse',
	'/en/p/subtitles',
	'/en/p/terms',
]
// A name with no place to break, and enough words for a five-digit price.
const LONG_NAME = 'Kontrakt_om_overdragelse_af_virksomhedens_aktiver_endelig_underskrevet_version_2026.txt'
const MANY_WORDS = 'Parterne er enige om at overdrage aktiverne på de vilkår, som fremgår nedenfor. '.repeat(2500)

// Whatever sticks out past the right edge of the screen, unclipped: the page would scroll sideways.
async function overflow(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth
		if (document.documentElement.scrollWidth <= width) return []
		const clipped = (element: Element) => {
			for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement)
				if (getComputedStyle(parent).overflowX !== 'visible') return true
			return false
		}
		const outside = [...document.body.querySelectorAll('*')].filter(
			(element) => element.getBoundingClientRect().right > width + 1 && !clipped(element),
		)
		const describe = (element: Element) =>
			`${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`.slice(0, 160)
		return [`scrollWidth ${document.documentElement.scrollWidth}`, ...outside.slice(-3).map(describe)]
	})
}

async function atEachWidth(page: Page, path: string, prepare?: (page: Page) => Promise<void>) {
	const problems: string[] = []
	for (const width of WIDTHS) {
		await page.setViewportSize({ width, height: 800 })
		await page.goto(path)
		await waitForHydration(page)
		await prepare?.(page)
		for (const problem of await overflow(page)) problems.push(`${path} at ${width}px: ${problem}`)
	}
	return problems
}

// The calculator at its most words: the biggest price it shows.
async function calculatorAtMost(page: Page) {
	const slider = page.locator('[data-controller="calculator"]').getByRole('slider')
	if ((await slider.count()) === 0) return
	await slider.focus()
	await page.keyboard.press('End')
}

describe('on a phone no page scrolls sideways', () => {
	test('the public pages, with the calculator at its biggest price', { timeout: 120_000 }, async () => {
		const page = await session.open()
		const problems = []
		for (const path of PUBLIC_PAGES) problems.push(...(await atEachWidth(page, path, calculatorAtMost)))
		expect(problems).toEqual([])
	})

	test(
		'a quote, its acceptance and the order with a long file name and a five-digit price; the admin pages of it',
		{ timeout: 120_000 },
		async () => {
			const page = await session.open('/en/order')
			await page
				.getByLabel('Choose documents')
				.setInputFiles([{ name: LONG_NAME, mimeType: 'text/plain', buffer: Buffer.from(MANY_WORDS) }])
			const quote = page.getByRole('region', { name: 'Your quote' })
			await quote.getByLabel('From').selectOption({ label: 'English' })
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			await quote.getByText(/^32,500 words at/).waitFor({ timeout: 30_000 })
			const problems = await atEachWidth(page, '/en/order')
			await quote.getByLabel('From').selectOption({ label: 'English' })
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			await quote.getByRole('button', { name: 'Save the quote and get a link' }).click()
			await page.waitForURL(/\/en\/quote\/[\w-]{32}$/)
			const quotePath = new URL(page.url()).pathname
			problems.push(...(await atEachWidth(page, quotePath)))
			await page.goto(`${quotePath}/order`)
			const form = page.locator('[data-controller="accept-order"]')
			await form.getByLabel('Name').fill('Karen Blixen')
			await form.getByLabel('Email').fill('karen@example.dk')
			await form.getByLabel(/I accept the terms of business/).check()
			problems.push(...(await atEachWidth(page, `${quotePath}/order`)))
			await form.getByLabel('Name').fill('Karen Blixen')
			await form.getByLabel('Email').fill('karen@example.dk')
			await form.getByLabel(/I accept the terms of business/).check()
			await form.getByRole('button', { name: 'Accept and order' }).click()
			await page.waitForURL(/\/en\/orders\/[\w-]{32}$/)
			problems.push(...(await atEachWidth(page, new URL(page.url()).pathname)))

			const admin = await logInAt(session, '/admin')
			for (const path of [
				'/admin',
				'/admin/todo',
				'/admin/orders',
				'/admin/orders/1',
				'/admin/requests',
				'/admin/settings',
			])
				problems.push(...(await atEachWidth(admin, path)))
			expect(problems).toEqual([])
		},
	)
})
