// The price rules the pages show, shared by the server and the browser.

export const EXAMPLE_WORDS = 1000

// Pair prices are kept by "from-to" language codes.
export const pairKey = (from: string, to: string) => `${from}-${to}`

// A language pair's price per word: its own price where staff set one, else the agency's default.
// The order page (in the browser) and the saved quote price by this one rule.
export function pairPricePerWord(
	pairPrices: Record<string, number>,
	from: string | null | undefined,
	to: string | null | undefined,
	defaultPricePerWord: number,
): number {
	return (from && to && pairPrices[pairKey(from, to)]) || defaultPricePerWord
}

// The spec: total = price per word × words, rounded to whole currency units.
export function totalFor(pricePerWord: number, words: number): number {
	return Math.round(pricePerWord * words)
}

// What the customer pays for an amount of translation: never less than the minimum order.
export function payableTotal(amount: number, minimumOrder: number): number {
	return amount > 0 ? Math.max(amount, minimumOrder) : amount
}

export function withVat(amount: number, vatPercent: number): number {
	return Math.round(amount * (100 + vatPercent)) / 100
}

// What the price calculator needs: the same prices the price check and the order page use.
export type CalculatorData = {
	languages: { code: string; name: string }[]
	// Pairs with their own price, by "from-to"; every other pair costs the common price.
	pairPrices: Record<string, number>
	defaultPricePerWord: number
	minimumOrder: number
	vatPercent: number
	currency: string
	min: number
	max: number
}

// The lowest price per word of any pair: what "from … per word" may honestly say.
export function lowestPricePerWord(pairs: { pricePerWord: number }[], defaultPricePerWord: number): number {
	return pairs.reduce(
		(lowest, pair) => Math.min(lowest, pair.pricePerWord),
		pairs.length ? Infinity : defaultPricePerWord,
	)
}

export type PricedPair = {
	from: string
	to: string
	fromCode: string
	toCode: string
	pricePerWord: number
	isDefaultPrice: boolean
}
export type PriceGroup = { pricePerWord: number; isDefaultPrice: boolean; count: number; pairs: string[] }

// The prices page's summary: one line per price, cheapest first. A pair priced the same both
// ways is named once ("Danish ↔ Japanese"); the pairs at the common price are only counted.
export function groupPairPrices(pairs: PricedPair[]): PriceGroup[] {
	const groups = new Map<string, PriceGroup>()
	const priceOf = new Map(pairs.map((pair) => [pairKey(pair.fromCode, pair.toCode), pair]))
	for (const pair of pairs) {
		const id = `${pair.isDefaultPrice}:${pair.pricePerWord}`
		let group = groups.get(id)
		if (!group)
			groups.set(
				id,
				(group = { pricePerWord: pair.pricePerWord, isDefaultPrice: pair.isDefaultPrice, count: 0, pairs: [] }),
			)
		group.count++
		if (pair.isDefaultPrice) continue
		const back = priceOf.get(pairKey(pair.toCode, pair.fromCode))
		const both = back && !back.isDefaultPrice && back.pricePerWord === pair.pricePerWord
		if (!both) group.pairs.push(`${pair.from} → ${pair.to}`)
		else if (pair.fromCode < pair.toCode) group.pairs.push(`${pair.from} ↔ ${pair.to}`)
	}
	return [...groups.values()].sort(
		(a, b) => a.pricePerWord - b.pricePerWord || Number(b.isDefaultPrice) - Number(a.isDefaultPrice),
	)
}

export type PairQuote = {
	from: string
	to: string
	pricePerWord: number
	isDefaultPrice: boolean
	minimumOrder: number
	currency: string
	example: { words: number; total: number }
}

// The analytics event the calculator sends, and the admin counts.
export const CALCULATED_PRICE_EVENT = 'Calculated price'
