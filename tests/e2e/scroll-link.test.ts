import { describe, expect, test } from 'vitest'
import { setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

// Records how the page asked to scroll (the scrolling itself still happens).
const RECORD_SCROLLS = `window.__scrolls = []; const scrollTo = window.scrollTo.bind(window); window.scrollTo = (options) => { window.__scrolls.push(options); scrollTo(options) }`

describe('scroll-link', () => {
	test('scrolls smoothly to its target after 100 ms, 20 px below the navigation bar, and moves the focus there', async () => {
		const page = await session.open()
		await page.addInitScript(RECORD_SCROLLS)
		await page.goto('/en')
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		await page.locator('[data-controller="scroll-link"]').getByText('How it works').click()
		await page.waitForURL('**/en#how')
		const heading = page.getByRole('heading', { name: 'How it works' })
		const gap = () =>
			heading.evaluate(
				(element) =>
					element.getBoundingClientRect().top -
					document.querySelector('[data-controller="sticky-navbar"]')!.getBoundingClientRect().bottom,
			)
		await expect.poll(gap, { timeout: 5_000 }).toBeGreaterThan(18)
		await expect.poll(gap, { timeout: 5_000 }).toBeLessThan(22)
		expect(
			await page.evaluate(() =>
				(window as unknown as { __scrolls: ScrollToOptions[] }).__scrolls.map((options) => options.behavior),
			),
		).toEqual(['smooth'])
		expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true)
	})

	test('jumps instead when the visitor prefers reduced motion', async () => {
		const page = await session.open()
		await page.emulateMedia({ reducedMotion: 'reduce' })
		await page.addInitScript(RECORD_SCROLLS)
		await page.goto('/en')
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		await page.locator('[data-controller="scroll-link"]').getByText('How it works').click()
		await page.waitForURL('**/en#how')
		expect(
			await page.evaluate(() =>
				(window as unknown as { __scrolls: ScrollToOptions[] }).__scrolls.map((options) => options.behavior),
			),
		).toEqual(['instant'])
	})
})
