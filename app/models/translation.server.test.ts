import { describe, expect, test } from 'vitest'
import { translationRows } from '#app/models/translation.server.ts'

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
