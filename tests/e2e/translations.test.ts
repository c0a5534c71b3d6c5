import { describe, expect, test } from 'vitest'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import {
	logInAt,
	seriousAxeViolations,
	setupBrowserTests,
	waitForHydration,
	type WatchedPage,
} from '#tests/setup/browser.ts'

const session = setupBrowserTests(ADMIN_ENV)

async function editTextsOn(path: string): Promise<WatchedPage> {
	const page = await logInAt(session, '/admin')
	await page.goto(path)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Edit texts' }).click()
	return page
}

// Replaces the whole text of an element being edited and saves it with Ctrl+Enter.
async function retype(page: WatchedPage, selector: string, text: string) {
	const element = page.locator(selector)
	await element.click()
	await page.keyboard.press('Control+a')
	await page.keyboard.type(text)
	await page.keyboard.press('Control+Enter')
}

describe('texts edited in place', () => {
	test('staff change a heading on /en where they see it, and a second, anonymous browser sees the new text', async () => {
		const page = await editTextsOn('/en')
		expect(await page.getByRole('button', { name: 'Edit texts' }).getAttribute('aria-pressed')).toBe('true')
		const heading = page.locator('h1[data-controller="translation"]')
		expect(await heading.getAttribute('data-key')).toBe('home.title')
		expect(await heading.getAttribute('data-locale')).toBe('en')
		expect(await heading.getAttribute('contenteditable')).toBe('true')
		expect(await seriousAxeViolations(page)).toEqual([])

		// While saving, the heading carries the loading marker; it goes when the call succeeds.
		let release = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/admin/translations', async (route) => {
			await held
			await route.continue()
		})
		await retype(page, 'h1[data-controller="translation"]', 'Certified translations, priced before you order')
		await expect.poll(() => heading.getAttribute('data-loading')).toBe('')
		release()
		await page.getByRole('status').filter({ hasText: 'Saved. Everyone sees the new text now.' }).waitFor()
		expect(await heading.getAttribute('data-loading')).toBeNull()
		expect(await heading.textContent()).toBe('Certified translations, priced before you order')
		// The page's texts are loaded again after the save (as /en.data): still English, still new.
		await page.waitForLoadState('networkidle')
		expect(await page.locator('h1').textContent()).toBe('Certified translations, priced before you order')
		expect(await page.locator('p[data-key="home.lead"]').textContent()).toContain('Upload your documents')

		// Someone else, not signed in, in another browser.
		const visitor = await session.browser.newContext()
		const scripts: string[] = []
		const stranger = await visitor.newPage()
		stranger.on('request', (request) => scripts.push(request.url()))
		await stranger.goto(`${session.server.url}/en`)
		await stranger.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		expect(await stranger.getByRole('heading', { level: 1 }).textContent()).toBe(
			'Certified translations, priced before you order',
		)
		// ...who gets neither the editing markup nor its script.
		expect(await stranger.locator('[data-controller="translation"], [data-key]').count()).toBe(0)
		expect(await stranger.getByRole('button', { name: 'Edit texts' }).count()).toBe(0)
		expect(scripts.filter((url) => url.includes('inline-text-editing'))).toEqual([])
		await visitor.close()
	})

	test('a failed save brings the old text back and says why; Esc drops a change', async () => {
		const page = await editTextsOn('/en')
		const lead = page.locator('p[data-key="home.lead"]')
		const before = await lead.textContent()
		await page.route('**/admin/translations', (route) =>
			route.fulfill({
				status: 503,
				contentType: 'application/json',
				body: JSON.stringify({ error: 'the server is being updated' }),
			}),
		)
		await retype(page, 'p[data-key="home.lead"]', 'This will not be kept')
		await page
			.getByRole('alert')
			.filter({ hasText: 'The text could not be saved (the server is being updated), so the old one is back.' })
			.waitFor()
		expect(await lead.textContent()).toBe(before)
		expect(await lead.getAttribute('data-loading')).toBeNull()
		page.problems = page.problems.filter((problem) => !problem.includes('503'))

		await lead.click()
		await page.keyboard.type(' And more.')
		await page.keyboard.press('Escape')
		expect(await lead.textContent()).toBe(before)
	})

	test('editing goes on undisturbed while the page reloads its texts after a save', async () => {
		const page = await editTextsOn('/en/faq')
		const lead = page.locator('p[data-key="faq.lead"], span[data-key="faq.lead"]')
		await retype(page, 'span[data-key="faq.title"]', 'Questions and answers')
		// Straight on to the next text, while the saved one makes the page reload its texts.
		await lead.click()
		await page.keyboard.press('End')
		await page.keyboard.type(' Ask us anything.')
		await page.waitForLoadState('networkidle')
		expect(await lead.getAttribute('contenteditable')).toBe('true')
		await page.keyboard.press('Control+Enter')
		await expect.poll(() => lead.textContent()).toMatch(/ Ask us anything\.$/)
		await expect.poll(() => lead.getAttribute('data-loading')).toBeNull()
		const stranger = await (await session.browser.newContext()).newPage()
		await stranger.goto(`${session.server.url}/en/faq`)
		expect(await stranger.getByRole('heading', { level: 1 }).textContent()).toBe('Questions and answers')
		expect(await stranger.locator('main header p').textContent()).toMatch(/ Ask us anything\.$/)
		await stranger.context().close()
	})

	test('a text with a placeholder is edited as its template and shown filled in again', async () => {
		const page = await editTextsOn('/en/prices')
		await page.getByText('See all 132 language pairs and their prices').click()
		const header = page.locator('th[data-key="prices.inclVat"]')
		expect(await header.textContent()).toBe('Per word incl. 25% VAT')
		await header.click()
		expect(await header.textContent()).toBe('Per word incl. {{vat}}% VAT')
		await page.keyboard.press('End')
		await page.keyboard.type(' (what you pay)')
		await page.keyboard.press('Control+Enter')
		await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
		expect(await header.textContent()).toBe('Per word incl. 25% VAT (what you pay)')
		const stranger = await (await session.browser.newContext()).newPage()
		await stranger.goto(`${session.server.url}/en/prices`)
		await stranger.getByText('See all 132 language pairs and their prices').click()
		expect(await stranger.getByRole('columnheader', { name: 'Per word incl. 25% VAT (what you pay)' }).count()).toBe(1)
		await stranger.context().close()
	})
})
