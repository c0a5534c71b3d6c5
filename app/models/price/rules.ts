// The price rules the pages show, shared by the server and the browser.

export const EXAMPLE_WORDS = 1000

// Pair prices are kept by "from-to" language codes.
export const pairKey = (from: string, to: string) => `${from}-${to}`

// A language pair's price per word: its own price where staff set one, else the agency's default.
// The order page (in the browser) and the saved quote price by this one rule.
export function pairPricePerWord(pairPrices: Record<string, number>, from: string | null | undefined, to: string | null | undefined, defaultPricePerWord: number): number {
	return (from && to && pairPrices[pairKey(from, to)]) || defaultPricePerWord
}

// The spec: total = price per word × words, rounded to whole currency units.
export function totalFor(pricePerWord: number, words: number): number {
	return Math.round(pricePerWord * words)
}

export function withVat(amount: number, vatPercent: number): number {
	return Math.round(amount * (100 + vatPercent)) / 100
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
