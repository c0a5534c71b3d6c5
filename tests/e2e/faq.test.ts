import { describe, expect, test } from 'vitest'
import { seriousAxeViolations, setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

describe('faq', () => {
	test('opens and closes each answer on its own, by mouse and by keyboard, with aria-expanded and a plus or minus', async () => {
		const page = await session.open('/en/faq')
		const faq = page.locator('[data-controller="faq"]')
		const price = faq.getByRole('button', { name: 'How do you calculate the price?' })
		const speed = faq.getByRole('button', { name: 'How fast can you deliver?' })
		const priceAnswer = faq.getByText('We charge per word of the source text', { exact: false })
		expect(await price.getAttribute('aria-expanded')).toBe('false')
		expect(await priceAnswer.isVisible()).toBe(false)
		expect(await price.textContent()).toMatch(/^\+/)
		// Each question heads its answer, one level below the page's title, so headings never skip a level.
		expect(await page.getByRole('heading', { level: 2, name: 'How do you calculate the price?' }).count()).toBe(1)

		await price.click()
		expect(await price.getAttribute('aria-expanded')).toBe('true')
		expect(await price.textContent()).toMatch(/^−/)
		await priceAnswer.waitFor()
		expect(await speed.getAttribute('aria-expanded')).toBe('false')

		await speed.focus()
		await page.keyboard.press('Enter')
		expect(await speed.getAttribute('aria-expanded')).toBe('true')
		expect(await price.getAttribute('aria-expanded')).toBe('true')
		await page.keyboard.press('Space')
		expect(await speed.getAttribute('aria-expanded')).toBe('false')

		await price.click()
		expect(await price.getAttribute('aria-expanded')).toBe('false')
		expect(await priceAnswer.isVisible()).toBe(false)
		expect(await seriousAxeViolations(page)).toEqual([])
	})

	test('the search hides what does not match, ignoring case and Danish spelling, and says when nothing does', async () => {
		const page = await session.open('/faq')
		const faq = page.locator('[data-controller="faq"]')
		const search = faq.getByLabel('Søg i spørgsmålene')
		const visibleQuestions = async () =>
			(await faq.getByRole('listitem').getByRole('button').filter({ visible: true }).allTextContents()).map((text) =>
				text.slice(1),
			)
		const all = await visibleQuestions()
		expect(all).toHaveLength(7)

		// Only answers mention a translator (oversætter/oversættere): search looks in them too.
		for (const typed of ['OVERSÆTTER', 'oversaetter', 'Oversætter']) {
			await search.fill(typed)
			expect(await visibleQuestions()).toEqual([
				'Hvor hurtigt kan I levere?',
				'Behandler I mine dokumenter fortroligt?',
			])
		}
		await search.fill('ean-nummer')
		expect(await visibleQuestions()).toEqual(['Kan jeg betale med EAN-nummer?'])
		await faq.getByText('1 spørgsmål matcher').waitFor()

		await search.fill('blæksprutte')
		expect(await visibleQuestions()).toEqual([])
		await faq.getByText('Ingen spørgsmål matcher din søgning.').waitFor()
		await search.fill('')
		expect(await visibleQuestions()).toEqual(all)
		expect(await faq.getByText('Ingen spørgsmål matcher din søgning.').count()).toBe(0)
	})

	test('carries FAQPage structured data with every question and answer', async () => {
		const page = await session.open('/en/faq')
		const json = await page.locator('script[type="application/ld+json"]').textContent()
		const data = JSON.parse(json!) as {
			'@type': string
			mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[]
		}
		expect(data['@type']).toBe('FAQPage')
		expect(data.mainEntity).toHaveLength(7)
		expect(data.mainEntity[0]).toMatchObject({ '@type': 'Question', name: 'How do you calculate the price?' })
		expect(data.mainEntity[0]!.acceptedAnswer.text).toContain('per word')
	})

	test('without script every answer can be read', async () => {
		// Chromium with script disabled through the protocol still parses <noscript> as text, so the
		// served HTML is what is checked: the answers are in it, and a noscript style shows them.
		const html = await (await fetch(`${session.server.url}/en/faq`)).text()
		expect(html).toMatch(
			/<noscript><style>@layer base \{ \[data-faq-answer\]\[hidden\], \[data-tab-panel\]\[hidden\] \{ display: block !important; \}[^<]*<\/style><\/noscript>/,
		)
		expect(html).toMatch(
			/<div id="[^"]+" data-faq-answer="true" hidden="" class="rich-text[^"]*"><p>We charge per word/,
		)
	})
})

describe('faq categories', () => {
	test('a topic narrows the list to its questions, together with the search, and "All topics" brings them back', async () => {
		const page = await session.open('/en/faq')
		const faq = page.locator('[data-controller="faq"]')
		const topics = faq.getByRole('group', { name: 'Topics' })
		const shown = () => faq.locator('li:not([hidden]) h2').allTextContents()
		const all = (await shown()).length
		expect(await topics.getByRole('button').allTextContents()).toEqual([
			'All topics',
			'Prices and payment',
			'Delivery',
			'Documents',
		])
		await topics.getByRole('button', { name: 'Delivery' }).click()
		expect(await topics.getByRole('button', { name: 'Delivery' }).getAttribute('aria-pressed')).toBe('true')
		await expect.poll(shown).toEqual(['+How fast can you deliver?', '+Which file types do you accept?'])
		await faq.getByLabel('Search the questions').fill('file')
		await expect.poll(shown).toEqual(['+Which file types do you accept?'])
		await faq.getByLabel('Search the questions').fill('')
		await topics.getByRole('button', { name: 'All topics' }).click()
		await expect.poll(async () => (await shown()).length).toBe(all)
		expect(await seriousAxeViolations(page)).toEqual([])
	})
})
