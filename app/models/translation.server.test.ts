import { describe, expect, test } from 'vitest'
import { filterTranslations, translationRows } from '#app/models/translation.server.ts'

describe('translationRows', () => {
	const defaults = {
		da: { 'home.title': 'Oversættelser', 'home.new': 'Ny tekst', 'home.blank': '' },
		en: { 'home.title': 'Translations', 'home.blank': '' },
	}

	test('lists every key of either file, with overrides marked and missing values found', () => {
		const rows = translationRows(defaults, [{ locale: 'en', key: 'home.title', value: 'Our translations' }])
		expect(rows.map((row) => row.key)).toEqual(['home.blank', 'home.new', 'home.title'])
		expect(rows[2]!.values).toEqual({
			da: { value: 'Oversættelser', isOverridden: false, isMissing: false },
			en: { value: 'Our translations', isOverridden: true, isMissing: false },
		})
		// Only in the Danish file: missing in English.
		expect(rows[1]!.values.en).toEqual({ value: '', isOverridden: false, isMissing: true })
		// Empty in both files: missing in both.
		expect([rows[0]!.values.da.isMissing, rows[0]!.values.en.isMissing]).toEqual([true, true])
	})

	test('a value staff gave fills a gap in the files', () => {
		const rows = translationRows(defaults, [{ locale: 'en', key: 'home.new', value: 'New text' }])
		expect(rows.find((row) => row.key === 'home.new')!.values.en).toEqual({
			value: 'New text',
			isOverridden: true,
			isMissing: false,
		})
	})
})

describe('filterTranslations (the texts page)', () => {
	const all = translationRows(
		{
			da: { 'home.title': 'Oversættelser', 'home.new': 'Ny tekst', 'faq.title': 'Spørgsmål' },
			en: { 'home.title': 'Translations', 'faq.title': 'Questions' },
		},
		[],
	)
	const keys = (filter: { query: string; onlyMissing: boolean }) =>
		filterTranslations(all, filter).rows.map((row) => row.key)

	test('a search finds keys and values in either language, in any case', () => {
		expect(keys({ query: '  HOME.', onlyMissing: false })).toEqual(['home.new', 'home.title'])
		expect(keys({ query: 'spørgsmål', onlyMissing: false })).toEqual(['faq.title'])
		expect(keys({ query: 'TRANSLATIONS', onlyMissing: false })).toEqual(['home.title'])
	})

	test('only missing keeps the texts a language lacks, and the counts are of all texts', () => {
		expect(keys({ query: '', onlyMissing: true })).toEqual(['home.new'])
		expect(keys({ query: 'title', onlyMissing: true })).toEqual([])
		expect(filterTranslations(all, { query: 'title', onlyMissing: false })).toMatchObject({ total: 3, missingCount: 1 })
	})
})
