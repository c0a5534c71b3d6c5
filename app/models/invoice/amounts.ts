// An amount as staff type it or a Danish bank writes it: "1250", "1250,50", "1.250,50", "1 250,50",
// or with a decimal point and no thousands ("1250.50"). Anything else ("1,250.50", "12,5,0", "kr")
// is refused with null, never guessed. Linear: anchored patterns without nested repetition.
const COMMA_DECIMAL = /^[+-]?\d{1,10}(?:,\d{1,2})?$/
const THOUSANDS = /^[+-]?\d{1,3}(?:[. ]\d{3}){1,3}(?:,\d{1,2})?$/
const POINT_DECIMAL = /^[+-]?\d{1,10}\.\d{1,2}$/

export function parseDanishAmount(text: string): number | null {
	const value = text.trim().replace(/\u00a0/g, ' ')
	if (value.length > 20) return null
	let normal: string
	if (COMMA_DECIMAL.test(value)) normal = value.replace(',', '.')
	else if (THOUSANDS.test(value)) normal = value.replace(/[. ]/g, '').replace(',', '.')
	else if (POINT_DECIMAL.test(value)) normal = value
	else return null
	return Math.round(Number(normal) * 100) / 100
}

// The same in English: "1250", "1250.50", "1,250.50" (a comma only between thousands).
const EN_PLAIN = /^[+-]?\d{1,10}(?:\.\d{1,2})?$/
const EN_THOUSANDS = /^[+-]?\d{1,3}(?:,\d{3}){1,3}(?:\.\d{1,2})?$/

export function parseEnglishAmount(text: string): number | null {
	const value = text.trim()
	if (value.length > 20) return null
	if (!EN_PLAIN.test(value) && !EN_THOUSANDS.test(value)) return null
	return Math.round(Number(value.replace(/,/g, '')) * 100) / 100
}

// An amount in the language of the page it was typed on.
export const parseAmount = (text: string, locale: 'da' | 'en') =>
	locale === 'en' ? parseEnglishAmount(text) : parseDanishAmount(text)
