import { describe, expect, test } from 'vitest'
import { setupBrowserTests } from '#tests/setup/browser.ts'

// Three searches a day for this server: the picker's answer to the limit can be seen.
const session = setupBrowserTests({ BUSINESS_SEARCHES_PER_MINUTE: '0', BUSINESS_SEARCHES_PER_DAY: '3' })

describe('the business picker', () => {
	test('shows companies for three letters, and asks to wait when the address has searched too much', async () => {
		const page = await session.open('/en/contact')
		const form = page.locator('[data-controller="leadform"]')
		await form.getByLabel('I represent a company').check()
		const picker = form.getByRole('combobox', { name: 'Company' })
		await picker.waitFor()
		const picked = form.locator('[data-controller="company-search"]')
		for (const query of ['Jen', 'Hol', 'Nor']) {
			await picker.fill(query)
			// The list announced for this query (not the one before it still showing).
			await expect
				.poll(() => picked.textContent(), { timeout: 10_000 })
				.toMatch(new RegExp(`\\d+ results for ${query}`))
		}
		await picker.fill('Lar')
		await picked.getByText('Many searches in a short time. Wait a moment and try again.').waitFor()
		expect(await picked.getByRole('option').count()).toBe(0)
		// The browser reports the refused call itself; nothing of the page's own went wrong.
		const page429 = (page as unknown as { problems: string[] }).problems
		expect(page429.every((problem) => problem.includes('429'))).toBe(true)
		page429.length = 0
	})
})
