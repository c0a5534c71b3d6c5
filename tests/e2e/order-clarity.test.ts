import type { Locator } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { danishHolidays } from '#app/models/calendar/working-days.ts'
import { seriousAxeViolations, setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

const visibleText = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ')
const text = (words: number) => ({
	name: `letter-${words}.txt`,
	mimeType: 'text/plain',
	buffer: Buffer.from('Kære kunde, tak for brevet. '.repeat(words / 5)),
})
// A primary button is filled with the brand's colour; a quieter one is only outlined.
const isFilled = async (button: Locator) =>
	(await button.evaluate((element) => getComputedStyle(element).backgroundColor)) !== 'rgba(0, 0, 0, 0)'

describe('the order page says what happens', () => {
	test('human sizes, plurals, a marked "from" price until the languages are chosen, and one primary button at a time', async () => {
		const page = await session.open('/en/order')
		const send = page.getByRole('button', { name: 'Send request' })
		// With nothing uploaded, sending a request is the one way on.
		expect(await isFilled(send)).toBe(true)
		// The accepted types are in the upload area itself.
		expect(await visibleText(page.locator('[data-controller="dropzone"] form'))).toContain('File types: pdf, docx')

		await page.getByLabel('Choose documents').setInputFiles(text(500))
		const files = page.getByRole('list', { name: 'Your documents' })
		await files.getByText('500 words').waitFor({ timeout: 20_000 })
		expect(await visibleText(files)).toMatch(/\d(\.\d)? kB · TXT/)
		expect(await visibleText(page.locator('main'))).not.toMatch(/MiB|\(s\)/)
		expect(await visibleText(page.locator('main'))).toContain(
			'Your uploaded document and the quote above are sent with the request.',
		)

		// No languages yet: a "from" price, clearly marked, and no table of prices.
		const quote = page.getByRole('region', { name: 'Your quote' })
		expect(await visibleText(quote.locator('[data-from-price]'))).toMatch(/^From DKK 500\.00 excl\. VAT/)
		expect(await quote.getByRole('table').count()).toBe(0)
		// Saving the quote is now the primary button, the request the quieter one; each says what follows.
		const save = page.getByRole('button', { name: 'Save the quote and get a link' })
		expect(await isFilled(save)).toBe(true)
		expect(await isFilled(send)).toBe(false)
		expect(await visibleText(page.locator(`#${await save.getAttribute('aria-describedby')}`))).toContain(
			'Only then do you order',
		)
		expect(await visibleText(page.locator(`#${await send.getAttribute('aria-describedby')}`))).toContain(
			'Send request does not order anything.',
		)

		await quote.getByLabel('From').selectOption({ label: 'Danish' })
		await quote.getByLabel('To').selectOption({ label: 'Japanese' })
		await quote.getByRole('table').waitFor()
		expect(await quote.locator('[data-from-price]').count()).toBe(0)

		await page.getByLabel('Choose documents').setInputFiles(text(250))
		await files.getByText('250 words').waitFor({ timeout: 20_000 })
		expect(await visibleText(page.locator('main'))).toContain(
			'Your 2 uploaded documents and the quote above are sent with the request.',
		)
		expect(await seriousAxeViolations(page)).toEqual([])
	})

	test('the date picker shows the express surcharge before a day is picked, in the brand’s colours, and refuses weekends and holidays', async () => {
		const page = await session.open('/en/order')
		// Some 6,000 words take three working days: the nearest days cost extra.
		await page.getByLabel('Choose documents').setInputFiles(text(6000))
		await page.getByRole('list', { name: 'Your documents' }).getByText('6,000 words').waitFor({ timeout: 20_000 })
		await page.getByRole('button', { name: 'Delivery by' }).click()
		const calendar = page.getByRole('dialog')
		await calendar.getByRole('grid').first().waitFor()
		const firstOpen = calendar.getByRole('button', { disabled: false }).filter({ hasText: /^\d+/ }).first()
		expect(await visibleText(firstOpen)).toMatch(/^\d+\+100express, \+100% on the price$/)
		expect(await visibleText(calendar)).toContain('A number under a date is the express surcharge in percent.')
		expect(
			await calendar
				.locator('.rdp-root')
				.evaluate((element) => getComputedStyle(element).getPropertyValue('--rdp-accent-color').trim()),
		).not.toBe('blue')

		// Look ahead until a month holds a Danish public holiday on a weekday.
		let sawHoliday = false
		for (let month = 0; month < 6 && !sawHoliday; month++) {
			const days = await calendar.locator('td[data-day]').evaluateAll((cells) =>
				cells.map((cell) => ({
					day: cell.getAttribute('data-day')!,
					isDisabled: cell.hasAttribute('data-disabled'),
					isOutside: cell.hasAttribute('data-outside'),
				})),
			)
			for (const { day, isDisabled, isOutside } of days) {
				if (isOutside) continue
				const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
				if (weekday === 0 || weekday === 6) expect(isDisabled, day).toBe(true)
				if (danishHolidays(Number(day.slice(0, 4))).has(day)) expect(isDisabled, day).toBe(true)
			}
			const holidays = days.filter(
				({ day, isOutside }) =>
					!isOutside &&
					danishHolidays(Number(day.slice(0, 4))).has(day) &&
					![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()),
			)
			sawHoliday = holidays.length > 0
			if (!sawHoliday) await calendar.getByRole('button', { name: /next month/i }).click()
		}
		expect(sawHoliday).toBe(true)
	})
})
