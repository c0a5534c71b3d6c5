import { describe, expect, test } from 'vitest'
import da from '#app/locales/da.json' with { type: 'json' }
import adminDa from '#app/locales/admin.da.json' with { type: 'json' }
import adminEn from '#app/locales/admin.en.json' with { type: 'json' }
import { areaOf, groupTextsByPage, pageOfText, TEXT_PAGES } from '#app/models/text/pages.ts'

describe('where the site texts appear', () => {
	test('every text belongs to a named page and a named area, in both admin languages', () => {
		const areas = new Set(Object.keys(da).map(areaOf))
		for (const messages of [adminDa, adminEn] as Record<string, string>[]) {
			for (const area of areas) expect(messages[`translations.area.${area}`], area).toBeTruthy()
			for (const page of TEXT_PAGES) expect(messages[`translations.page.${page}`], page).toBeTruthy()
		}
		expect(pageOfText('calculator.title')).toBe('prices')
		expect(pageOfText('request.title')).toBe('order')
	})

	test('groups in page order and keeps the order within a page', () => {
		const groups = groupTextsByPage([
			{ key: 'faq.title' },
			{ key: 'home.title' },
			{ key: 'nav.prices' },
			{ key: 'home.lead' },
		])
		expect(groups.map((group) => [group.page, group.rows.map((row) => row.key)])).toEqual([
			['everywhere', ['nav.prices']],
			['home', ['home.title', 'home.lead']],
			['faq', ['faq.title']],
		])
	})
})
