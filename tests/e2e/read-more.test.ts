import { describe, expect, test } from 'vitest'
import { setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

describe('read-more', () => {
	test('shows the start of a long block and unfolds and folds the rest, by mouse and keyboard', async () => {
		const page = await session.open('/en/about')
		const block = page.locator('[data-controller="read-more"]')
		const content = block.locator('[data-read-more-content]')
		const height = () => content.evaluate((element) => element.getBoundingClientRect().height)
		const button = block.getByRole('button', { name: 'Read more' })
		expect(await button.getAttribute('aria-expanded')).toBe('false')
		expect(await height()).toBeLessThanOrEqual(128)

		await button.click()
		const less = block.getByRole('button', { name: 'Show less' })
		expect(await less.getAttribute('aria-expanded')).toBe('true')
		expect(await height()).toBeGreaterThan(200)
		expect(await block.getByText('deleted automatically', { exact: false }).isVisible()).toBe(true)

		await less.focus()
		await page.keyboard.press('Enter')
		expect(await block.getByRole('button', { name: 'Read more' }).getAttribute('aria-expanded')).toBe('false')
		expect(await height()).toBeLessThanOrEqual(128)
	})
})
