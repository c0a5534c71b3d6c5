import type { Locator } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { textOf } from '#tests/setup/http.ts'
import { setupBrowserTests, submitLogin, type WatchedPage } from '#tests/setup/browser.ts'

const session = setupBrowserTests(ADMIN_ENV)
let page: WatchedPage

// Intl separates amounts and currencies with no-break spaces.
const visibleText = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ')

async function analyticsText() {
	const admin = await logIn(session.server.url)
	return textOf(await (await admin.get('/admin/analytics')).text())
}

describe('the price calculator', () => {
	test('moves with the keyboard, shows count, total and currency in the page language, and records one event per settled change', async () => {
		page = await session.open('/en/prices')
		const calculator = page.locator('[data-controller="calculator"]')
		const slider = calculator.getByRole('slider', { name: 'Words in your documents' })
		expect(await visibleText(calculator)).toContain('1,000 words')
		expect(await visibleText(calculator)).toContain('DKK 1,350')
		const indicator = calculator.locator('output')
		const before = await indicator.getAttribute('style')

		await slider.focus()
		for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowRight')
		await expect.poll(() => visibleText(calculator)).toContain('1,030 words')
		// 1.35 × 1,030 = 1,390.5, rounded.
		expect(await visibleText(calculator)).toContain('DKK 1,391')
		expect(await slider.getAttribute('aria-valuetext')).toBe('1,030 words')
		expect(await indicator.textContent()).toBe('1,030')
		expect(await indicator.getAttribute('style')).not.toBe(before)

		// Three key presses, one settled change, one event.
		await expect
			.poll(analyticsText, { timeout: 10_000 })
			.toMatch(/Calculated price \d+\. \S+ \d{4} 1 Beregnede antal ord/)
		// A second settled change is the second event, not the fifth.
		await page.keyboard.press('ArrowLeft')
		await expect
			.poll(analyticsText, { timeout: 10_000 })
			.toMatch(/Calculated price \d+\. \S+ \d{4} 2 Beregnede antal ord/)
		expect(await analyticsText()).toMatch(/1\.000–1\.999 2/)
	})

	test('shows Danish numbers on Danish pages, on the home page too', async () => {
		page = await session.open('/')
		const calculator = page.locator('[data-controller="calculator"]')
		await calculator.getByRole('slider', { name: 'Antal ord i dine dokumenter' }).focus()
		await page.keyboard.press('End')
		await expect.poll(() => visibleText(calculator)).toContain('20.000 ord')
		expect(await visibleText(calculator)).toContain('27.000,00 kr. uden moms')
	})
})

describe('prices that agree', () => {
	test('the calculator prices the pair the price check prices, says when it uses the common price, and states VAT on every amount', async () => {
		page = await session.open('/en/prices')
		const calculator = page.locator('[data-controller="calculator"]')
		const check = page.locator('[data-controller="lang-combo"]')
		expect(await visibleText(calculator)).toContain('Calculated at our common price, DKK 1.35 per word excl. VAT.')
		for (const part of [calculator, check]) {
			await part.getByLabel('From').selectOption({ label: 'Danish' })
			await part.getByLabel('To').selectOption({ label: 'Japanese' })
		}
		await expect.poll(() => visibleText(check.locator('.price-area'))).toContain('Example: 1,000 words')
		// 1,000 words in both: the same price per word, the same total.
		expect(await calculator.getAttribute('data-price-per-word')).toBe('2.4')
		expect(await visibleText(calculator)).toContain(
			'Calculated at the price for Danish → Japanese: DKK 2.40 per word excl. VAT.',
		)
		const example = await check.locator('dd').last().textContent()
		expect((await calculator.locator('[data-total] [data-amount]').textContent())?.replace(/\s+/g, ' ')).toBe(
			example?.replace(/\s+/g, ' '),
		)
		expect(example?.replace(/\s+/g, ' ')).toBe('DKK 2,400.00 excl. VAT')

		// Every amount on the page says whether VAT is in it.
		const amounts = page.locator('[data-amount]')
		expect(await amounts.count()).toBeGreaterThan(10)
		for (const amount of await amounts.all()) {
			const vat = await amount.getAttribute('data-vat')
			expect(await visibleText(amount)).toMatch(
				vat === 'incl' ? /^DKK [\d,.]+ incl\. VAT$/ : /^DKK [\d,.]+ excl\. VAT$/,
			)
		}
		// The summary names the dearer pairs and counts the rest; the page stays short.
		const groups = page.getByRole('list', { name: 'Prices per word by language pair' })
		expect(await visibleText(groups)).toContain('Our common price: the other 127 language pairs')
		expect(await visibleText(groups)).toContain('Danish → Chinese, Danish → Japanese')
		expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000)
	})

	test('below the minimum order the big price is the minimum, and the calculator says why', async () => {
		page = await session.open('/priser')
		const calculator = page.locator('[data-controller="calculator"]')
		await calculator.getByRole('slider').focus()
		await page.keyboard.press('Home')
		await expect.poll(() => visibleText(calculator)).toContain('100 ord')
		expect(await calculator.locator('[data-total]').getAttribute('data-total')).toBe('500')
		expect(await visibleText(calculator.locator('[data-total]'))).toBe('500,00 kr. uden moms')
		expect(await visibleText(calculator)).toContain(
			'100 ord koster 135,00 kr.; mindste ordre er 500,00 kr. uden moms, så det er prisen.',
		)
		expect(await visibleText(calculator)).toContain('625,00 kr. med moms')
	})
})

describe('the language-pair price check', () => {
	test('shows the pair’s own price, the default price for other pairs, and asks for two different languages', async () => {
		page = await session.open('/en/prices')
		const check = page.locator('[data-controller="lang-combo"]')
		expect(await check.getAttribute('data-url')).toBe('/en/prices/pair')
		const area = check.locator('.price-area')
		await check.getByLabel('From').selectOption({ label: 'Danish' })
		await check.getByLabel('To').selectOption({ label: 'Japanese' })
		await expect.poll(() => visibleText(area)).toContain('Danish → Japanese, price per wordDKK 2.40')
		expect(await visibleText(area)).toContain('Minimum orderDKK 500')
		expect(await visibleText(area)).toContain('Example: 1,000 wordsDKK 2,400')

		await check.getByLabel('To').selectOption({ label: 'German' })
		await expect.poll(() => visibleText(area)).toContain('DKK 1.35 excl. VAT(our common price)')

		await check.getByLabel('To').selectOption({ label: 'Danish' })
		await expect.poll(() => visibleText(area)).toBe('Choose two different languages.')
	})

	test('shows "Error checking price" (in Danish on Danish pages) and logs the error when the check fails', async () => {
		page = await session.open('/priser')
		const check = page.locator('[data-controller="lang-combo"]')
		await check.getByLabel('Fra').selectOption({ label: 'Dansk' })
		// The connection fails under the check, as on a train going into a tunnel.
		await page.route('**/priser/sprogpar**', (route) => route.abort('connectionreset'))
		await check.getByLabel('Til').selectOption({ label: 'Tysk' })
		await expect.poll(() => visibleText(check.locator('.price-area'))).toBe('Fejl ved pristjek')
		expect(page.problems.some((problem) => problem.startsWith('Error checking price'))).toBe(true)
		page.problems = page.problems.filter(
			(problem) => !problem.startsWith('Error checking price') && !problem.includes('ERR_CONNECTION_RESET'),
		)
	})
})

describe('the pair table filter', () => {
	test('submits itself shortly after a change and shows only that language’s pairs', async () => {
		page = await session.open('/en/prices')
		// The full list is folded under the summary by price.
		const table = page.getByRole('table', { name: /Price per word for each language pair/ })
		expect(await table.isVisible()).toBe(false)
		await page.getByText('See all 132 language pairs and their prices').click()
		expect(await table.isVisible()).toBe(true)
		await page.getByLabel('Show language pairs with').selectOption({ label: 'Japanese' })
		await page.waitForURL((url) => url.searchParams.get('language') === 'ja')
		const rows = page.locator('#pair-prices ~ div table tbody tr, section[aria-labelledby="pair-prices"] tbody tr')
		await expect.poll(() => rows.count()).toBe(22)
		for (const text of await rows.allTextContents()) expect(text).toContain('Japanese')
	})
})

describe('the analytics screen', () => {
	test('shows the events as charts and as tables', async () => {
		page = await session.open('/en/prices')
		await page.getByRole('slider', { name: 'Words in your documents' }).focus()
		await page.keyboard.press('PageUp')
		await expect.poll(analyticsText, { timeout: 10_000 }).toMatch(/Calculated price/)
		await page.goto('/admin/analytics')
		await submitLogin(page)
		await page.getByRole('heading', { name: 'Analytics' }).waitFor()
		await page.locator('[data-chart="per-day"] .recharts-bar-rectangle').first().waitFor()
		await page.locator('[data-chart="words"] .recharts-bar-rectangle').first().waitFor()
		expect(await page.getByRole('table', { name: 'Events per day' }).textContent()).toContain('Calculated price')
	})
})
