import { describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests(ADMIN_ENV)

describe('read-more', () => {
	test('a short story shows whole, with no button to unfold it', async () => {
		const page = await session.open('/en/about')
		const story = page.getByRole('region', { name: 'Our story' })
		expect(await story.locator('[data-controller="read-more"]').count()).toBe(0)
		expect(await story.getByRole('button').count()).toBe(0)
		expect(await story.getByText('deleted automatically', { exact: false }).isVisible()).toBe(true)
	})

	test('shows the start of a long block and unfolds and folds the rest, by mouse and keyboard', async () => {
		// Staff tell a longer story.
		const admin = await logIn(session.server.url)
		const longer = 'We have translated for courts, hospitals and shipyards since 1998. '.repeat(25)
		expect(
			(
				await admin.call('PATCH', '/admin/translations', {
					translation: { locale: 'en', key: 'about.story2', value: longer },
				})
			).status,
		).toBe(200)

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
