import { describe, expect, test } from 'vitest'
import { groupPairPrices, lowestPricePerWord } from '#app/models/price/rules.ts'

const pair = (fromCode: string, toCode: string, pricePerWord: number, isDefaultPrice = false) => ({
	from: fromCode.toUpperCase(),
	to: toCode.toUpperCase(),
	fromCode,
	toCode,
	pricePerWord,
	isDefaultPrice,
})

describe('the prices summary', () => {
	test('one line per price, cheapest first; a pair priced alike both ways is named once; the common price only counts', () => {
		const pairs = [
			pair('da', 'en', 1.35, true),
			pair('en', 'da', 1.35, true),
			pair('da', 'ja', 2.4),
			pair('ja', 'da', 2.4),
			pair('da', 'pl', 1.55),
			pair('pl', 'da', 1.35, true),
			pair('da', 'zh', 2.4),
		]
		expect(groupPairPrices(pairs)).toEqual([
			{ pricePerWord: 1.35, isDefaultPrice: true, count: 3, pairs: [] },
			{ pricePerWord: 1.55, isDefaultPrice: false, count: 1, pairs: ['DA → PL'] },
			{ pricePerWord: 2.4, isDefaultPrice: false, count: 3, pairs: ['DA ↔ JA', 'DA → ZH'] },
		])
	})

	test('"from" is the lowest price any pair costs, and the common price when there are no pairs', () => {
		expect(lowestPricePerWord([pair('da', 'en', 1.35, true), pair('da', 'pl', 1.1)], 1.35)).toBe(1.1)
		expect(lowestPricePerWord([], 1.5)).toBe(1.5)
	})
})
