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
