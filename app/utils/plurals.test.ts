import { describe, expect, test } from 'vitest'
import da from '#app/locales/da.json' with { type: 'json' }
import en from '#app/locales/en.json' with { type: 'json' }
import adminDa from '#app/locales/admin.da.json' with { type: 'json' }
import adminEn from '#app/locales/admin.en.json' with { type: 'json' }
import { translate } from '#app/utils/translate.ts'

const PAIRS = [
	['site', da, en],
	['admin', adminDa, adminEn],
] as [string, Record<string, string>, Record<string, string>][]

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()
// A count written before a word ("{{count}} fakturaer"): the word follows the number's form.
const COUNTED = /\{\{count\}\}\s+\p{L}/u
// Quantities before a word are counts: a text that names them otherwise cannot choose its plural
// ("{{minutes}} min." is an abbreviation, the same for one and many).
const QUANTITIES = /\{\{(days|open|minutes|lines|hours|added|known|outgoing|registered|refused)\}\}\s+(?!min\b)\p{L}/u
// "3 af 5": the number is not of what follows.
const NOT_COUNTED = new Set(['orderPage.after.stars'])

describe('the texts in both languages', () => {
	test.each(PAIRS)(
		'%s: every text exists in Danish and in English, with the same values to fill in',
		(_, first, second) => {
			expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort())
			const differing = Object.keys(first).filter(
				(key) => placeholders(first[key]!).join() !== placeholders(second[key]!).join(),
			)
			expect(differing).toEqual([])
		},
	)

	test.each(PAIRS)('%s: a counted word has its singular form in both languages', (_, first, second) => {
		for (const messages of [first, second]) {
			const missing = Object.keys(messages).filter(
				(key) =>
					!/\.(one|other)$/.test(key) &&
					!NOT_COUNTED.has(key) &&
					COUNTED.test(messages[key]!) &&
					!(`${key}.one` in messages),
			)
			expect(missing).toEqual([])
			expect(Object.keys(messages).filter((key) => QUANTITIES.test(messages[key]!))).toEqual([])
		}
	})

	test('one and many read right, with the number written the language’s way', () => {
		expect(translate(adminDa, 'invoices.count', { count: 1 }, 'da')).toBe('1 faktura')
		expect(translate(adminDa, 'invoices.count', { count: 1204 }, 'da')).toBe('1.204 fakturaer')
		expect(translate(adminEn, 'invoices.count', { count: 1 }, 'en')).toBe('1 invoice')
		expect(translate(adminDa, 'orders.days', { count: 1 }, 'da')).toBe('1 dag')
		expect(translate(adminEn, 'orders.overdue', { count: 2 }, 'en')).toBe('2 days overdue')
	})
})
