import { describe, expect, test } from 'vitest'
import { seriousAxeViolations, setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

describe('tabs', () => {
	test('at most one open; the open switch closes it; another opens instead; the open switch is black', async () => {
		const page = await session.open('/en')
		const tabs = page.locator('[data-controller="tabs"]')
		const upload = tabs.getByRole('button', { name: '1. Upload' })
		const price = tabs.getByRole('button', { name: '2. Price' })
		const uploadText = tabs.getByText('Drop your documents on the order page.', { exact: false })
		const priceText = tabs.getByText('Choose the languages, a delivery date', { exact: false })
		const isBlack = (button: typeof upload) =>
			button.evaluate((element) => getComputedStyle(element).backgroundColor === 'rgb(0, 0, 0)')

		expect(await upload.getAttribute('aria-expanded')).toBe('true')
		expect(await isBlack(upload)).toBe(true)
		expect(await uploadText.isVisible()).toBe(true)
		expect(await priceText.isVisible()).toBe(false)

		await price.click()
		expect(await price.getAttribute('aria-expanded')).toBe('true')
		expect(await upload.getAttribute('aria-expanded')).toBe('false')
		expect(await isBlack(price)).toBe(true)
		expect(await isBlack(upload)).toBe(false)
		expect(await priceText.isVisible()).toBe(true)
		expect(await uploadText.isVisible()).toBe(false)

		// The open one's switch, by keyboard: none open.
		await price.focus()
		await page.keyboard.press('Enter')
		expect(await tabs.getByRole('button', { expanded: true }).count()).toBe(0)
		expect(await priceText.isVisible()).toBe(false)
		expect(await uploadText.isVisible()).toBe(false)
		expect(await isBlack(price)).toBe(false)
		expect(await seriousAxeViolations(page)).toEqual([])
	})
})
