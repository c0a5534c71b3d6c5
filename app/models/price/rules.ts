// The price rules the pages show, shared by the server and the browser.

export const EXAMPLE_WORDS = 1000

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
