// A spreadsheet number as its cell shows it: Excel's number format (ECMA-376 18.8.31) applied to the
// stored value. A date is stored as a day count (45622.5) and shown as "26-Nov-2024 12:00"; a share
// as 0.125 and shown as "13%"; an amount as 1234.5 and shown as "kr 1,234.50". The count is of what
// the reader sees and the translator localises (a month's name, a unit typed into the format), so
// until 28 November 2026, when the stored value was counted, a column of dates counted one word a
// cell where it shows three. The format comes from the customer's file: it is read once, left to
// right, and a code longer than Excel's own limit (255 characters) is shown as General.

// The formats Excel has by number and does not write into the file (the en-US ones, as LibreOffice
// exports them).
export const BUILT_IN_FORMATS: Record<number, string> = {
	0: 'General',
	1: '0',
	2: '0.00',
	3: '#,##0',
	4: '#,##0.00',
	9: '0%',
	10: '0.00%',
	11: '0.00E+00',
	12: '# ?/?',
	13: '# ??/??',
	14: 'mm/dd/yyyy',
	15: 'd-mmm-yy',
	16: 'd-mmm',
	17: 'mmm-yy',
	18: 'h:mm AM/PM',
	19: 'h:mm:ss AM/PM',
	20: 'h:mm',
	21: 'h:mm:ss',
	22: 'm/d/yyyy h:mm',
	37: '#,##0 ;(#,##0)',
	38: '#,##0 ;[Red](#,##0)',
	39: '#,##0.00;(#,##0.00)',
	40: '#,##0.00;[Red](#,##0.00)',
	45: 'mm:ss',
	46: '[h]:mm:ss',
	47: 'mm:ss.0',
	48: '##0.0E+0',
	49: '@',
}

const MAX_CODE = 255

type Token =
	| { kind: 'literal'; text: string }
	| { kind: 'date'; text: string }
	| { kind: 'digit'; text: string }
	| { kind: 'point' | 'comma' | 'percent' | 'exponent' | 'slash' | 'at' }

// A format read once (a workbook has a few, its cells use them a million times).
export function compileFormat(code: string | undefined, date1904 = false): (value: number) => string {
	if (!code || code.length > MAX_CODE) return general
	const sections = splitSections(code).map((section) => {
		const tokens = withMinutes(tokenize(section))
		const kind = !tokens.some((token) => token.kind !== 'literal')
			? 'text'
			: tokens.some((token) => token.kind === 'date')
				? 'date'
				: 'number'
		return { tokens, kind, test: condition(section) }
	})
	const conditional = sections.some((section) => section.test)
	return (value) => {
		if (!Number.isFinite(value)) return String(value)
		let section: (typeof sections)[number] | undefined
		let shown = value
		if (conditional) {
			// [>999]#,"K";#: the first section whose condition holds, else the one without a condition.
			section = sections.find((each) => each.test?.(value)) ?? sections.find((each) => !each.test)
		} else {
			const negative = value < 0 && sections[1]
			section = negative ? sections[1] : value === 0 && sections[2] ? sections[2] : sections[0]
			// A negative number in a format with a section of its own is shown by that section, unsigned.
			if (negative) shown = Math.abs(value)
		}
		if (!section) return general(value)
		if (section.kind === 'text') {
			const text = literalText(section.tokens)
			return /^\s*general\s*$/i.test(text) || !text.trim() ? general(shown) : text
		}
		return section.kind === 'date' ? formatDate(shown, section.tokens, date1904) : formatNumber(shown, section.tokens)
	}
}

// A section's condition ([>999], [<=-1], [=0]), as a test of the value.
function condition(section: string): ((value: number) => boolean) | null {
	const match = /\[(<=|>=|<>|<|>|=)(-?\d+(?:\.\d+)?)\]/.exec(section)
	if (!match) return null
	const bound = Number(match[2])
	const tests: Record<string, (value: number) => boolean> = {
		'<': (value) => value < bound,
		'>': (value) => value > bound,
		'=': (value) => value === bound,
		'<=': (value) => value <= bound,
		'>=': (value) => value >= bound,
		'<>': (value) => value !== bound,
	}
	return tests[match[1]!]!
}

export const formatCell = (value: number, code: string | undefined, date1904 = false) =>
	compileFormat(code, date1904)(value)

// Excel's General: up to 11 characters of a number, a long one in scientific notation.
function general(value: number): string {
	if (Number.isInteger(value) && Math.abs(value) < 1e11) return String(value)
	if (value !== 0 && (Math.abs(value) >= 1e11 || Math.abs(value) < 1e-9))
		return value
			.toExponential(5)
			.replace(/\.?0+e/, 'e')
			.replace('e', 'E')
			.replace(/E([+-])(\d)$/, 'E$10$2')
	return String(Number(value.toPrecision(10)))
}

// The sections (positive;negative;zero;text), split where a ';' is outside quotes and brackets.
function splitSections(code: string): string[] {
	const sections: string[] = []
	let current = ''
	let quoted = false
	let bracket = false
	for (let index = 0; index < code.length; index++) {
		const char = code[index]!
		if (char === '\\' && !quoted) {
			current += char + (code[++index] ?? '')
			continue
		}
		if (char === '"') quoted = !quoted
		else if (char === '[' && !quoted) bracket = true
		else if (char === ']' && !quoted) bracket = false
		else if (char === ';' && !quoted && !bracket) {
			sections.push(current)
			current = ''
			continue
		}
		current += char
	}
	sections.push(current)
	return sections
}

const DATE_LETTERS = /[ymdhs]/i

function tokenize(section: string): Token[] {
	const tokens: Token[] = []
	const literal = (text: string) => tokens.push({ kind: 'literal', text })
	for (let index = 0; index < section.length;) {
		const char = section[index]!
		const rest = section.slice(index, index + 5)
		if (char === '"') {
			const end = section.indexOf('"', index + 1)
			literal(section.slice(index + 1, end < 0 ? undefined : end))
			index = end < 0 ? section.length : end + 1
		} else if (char === '\\') {
			literal(section[index + 1] ?? '')
			index += 2
		} else if (char === '_') {
			literal(' ')
			index += 2
		} else if (char === '*') index += 2
		else if (char === '[') {
			const end = section.indexOf(']', index)
			const inside = section.slice(index + 1, end < 0 ? undefined : end)
			index = end < 0 ? section.length : end + 1
			// Elapsed time ([h]:mm) is a date token; a currency ([$kr-406]) shows its symbol; a colour or
			// a condition shows nothing.
			if (/^(h+|m+|s+)$/i.test(inside)) tokens.push({ kind: 'date', text: `[${inside.toLowerCase()}]` })
			else if (inside.startsWith('$')) literal(inside.slice(1).split('-')[0]!)
		} else if (/^(AM\/PM|A\/P)/i.test(rest)) {
			const text = /^AM\/PM/i.test(rest) ? 'AM/PM' : 'A/P'
			tokens.push({ kind: 'date', text: text.toLowerCase() })
			index += text.length
		} else if (DATE_LETTERS.test(char)) {
			let end = index
			while (section[end]?.toLowerCase() === char.toLowerCase()) end++
			tokens.push({ kind: 'date', text: section.slice(index, end).toLowerCase() })
			index = end
		} else if (/[0#?]/.test(char)) {
			tokens.push({ kind: 'digit', text: char })
			index++
		} else if (/^[eE][+-]/.test(rest)) {
			tokens.push({ kind: 'exponent' })
			index += 2
		} else {
			const kind = ({ '.': 'point', ',': 'comma', '%': 'percent', '/': 'slash', '@': 'at' } as const)[
				char as '.' | ',' | '%' | '/' | '@'
			]
			if (kind) tokens.push({ kind })
			else literal(char)
			index++
		}
	}
	return tokens
}

const literalText = (tokens: Token[]) => tokens.map((token) => ('text' in token ? token.text : '')).join('')

// Month and day names as Excel and Numbers show them in English; formats/numbers09 reads them too.
export const MONTHS = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
]
export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
export const pad = (value: number, width: number) => String(value).padStart(width, '0')

// A serial date (days since 1900, with Lotus's 29 February 1900, or since 1904) and its time.
function formatDate(serial: number, tokens: Token[], date1904: boolean): string {
	const subseconds = tokens.some((token, index) => token.kind === 'point' && tokens[index - 1]?.kind === 'date')
	const seconds = Math.round(serial * 86400 * (subseconds ? 10 : 1)) / (subseconds ? 10 : 1)
	const days = Math.floor(seconds / 86400)
	const dayCount = date1904 ? days + 1461 : days > 59 ? days - 1 : days
	const date = new Date(Date.UTC(1899, 11, 31) + dayCount * 86400000)
	const time = seconds - days * 86400
	const hours = Math.floor(time / 3600)
	const twelveHour = tokens.some((token) => token.kind === 'date' && token.text.includes('/'))
	const out: string[] = []
	for (const [index, token] of tokens.entries()) {
		if (token.kind === 'literal') out.push(token.text)
		else if (token.kind === 'digit' && tokens[index - 1]?.kind === 'point')
			out.push(String(Math.floor((time * 10) % 10)))
		else if (token.kind === 'point') out.push('.')
		else if (token.kind === 'date') out.push(dateToken(token.text, { date, time, hours, twelveHour, seconds }))
		else if (token.kind !== 'digit') out.push(token.kind === 'slash' ? '/' : token.kind === 'comma' ? ',' : '')
	}
	return out.join('')
}

// Minutes written "n" once the format is read, so no cell asks again which "m" is which.
const withMinutes = (tokens: Token[]): Token[] =>
	tokens.map((token, index) =>
		token.kind === 'date' && isMinutes(tokens, index) ? { kind: 'date', text: token.text.replace(/m/g, 'n') } : token,
	)

// "m" is minutes right after an hour or right before a second, else the month.
function isMinutes(tokens: Token[], index: number): boolean {
	const token = tokens[index]!
	if (!('text' in token) || !/^m{1,2}$/.test(token.text)) return false
	const dates = (from: number, step: number) => {
		for (let at = from + step; at >= 0 && at < tokens.length; at += step) {
			const next = tokens[at]!
			if (next.kind === 'date') return next.text
		}
		return ''
	}
	return /^\[?h/.test(dates(index, -1)) || /^\[?s/.test(dates(index, 1))
}

type Moment = { date: Date; time: number; hours: number; twelveHour: boolean; seconds: number }

function dateToken(text: string, { date, time, hours, twelveHour, seconds }: Moment): string {
	const year = date.getUTCFullYear()
	if (text.startsWith('[')) {
		const unit = text[1]
		const whole = unit === 'h' ? seconds / 3600 : unit === 'm' ? seconds / 60 : seconds
		return pad(Math.floor(whole), text.length - 2)
	}
	if (text === 'am/pm') return hours < 12 ? 'AM' : 'PM'
	if (text === 'a/p') return hours < 12 ? 'A' : 'P'
	switch (text[0]) {
		case 'y':
			return text.length <= 2 ? pad(year % 100, 2) : String(year)
		case 'd':
			if (text.length >= 4) return DAYS[date.getUTCDay()]!
			if (text.length === 3) return DAYS[date.getUTCDay()]!.slice(0, 3)
			return pad(date.getUTCDate(), text.length)
		case 'h': {
			const shown = twelveHour ? hours % 12 || 12 : hours
			return pad(shown, Math.min(text.length, 2))
		}
		case 's':
			return pad(Math.floor(time % 60), Math.min(text.length, 2))
		case 'n':
			return pad(Math.floor((time / 60) % 60), text.length)
		default: {
			const month = date.getUTCMonth()
			if (text.length === 5) return MONTHS[month]![0]!
			if (text.length === 4) return MONTHS[month]!
			if (text.length === 3) return MONTHS[month]!.slice(0, 3)
			return pad(month + 1, text.length)
		}
	}
}

// A number: digits in the format's places, a point and its decimals, thousands, percent, a
// fraction or an exponent, and the format's own text around them.
function formatNumber(value: number, tokens: Token[]): string {
	const percent = tokens.filter((token) => token.kind === 'percent').length
	let scaled = value * 100 ** percent
	// A number may start at its point (".00" shows 0.015 as ".02").
	const firstDigit = tokens.findIndex((token) => token.kind === 'digit' || token.kind === 'point')
	const lastDigit = tokens.findLastIndex((token) => token.kind === 'digit')
	if (lastDigit < 0) return literalText(tokens) || general(value)
	// Commas right after the last digit divide by a thousand each.
	for (let at = lastDigit + 1; tokens[at]?.kind === 'comma'; at++) scaled /= 1000
	const number = tokens.slice(firstDigit, lastDigit + 1)
	const before = literalText(tokens.slice(0, firstDigit))
	const after = tokens
		.slice(lastDigit + 1)
		.map((token) => ('text' in token ? token.text : token.kind === 'percent' ? '%' : ''))
		.join('')
	const body = number.some((token) => token.kind === 'exponent')
		? scientific(scaled, number)
		: number.some((token) => token.kind === 'slash')
			? fraction(scaled)
			: decimal(scaled, number)
	return `${before}${body}${after}`
}

function decimal(value: number, number: Token[]): string {
	const point = number.findIndex((token) => token.kind === 'point')
	const integerPart = point < 0 ? number : number.slice(0, point)
	const decimals = point < 0 ? [] : number.slice(point + 1).filter((token) => token.kind === 'digit')
	const required = decimals.filter((token) => 'text' in token && token.text === '0').length
	const grouping = integerPart.some((token) => token.kind === 'comma')
	const minimumIntegerDigits = Math.max(
		1,
		integerPart.filter((token) => token.kind === 'digit' && token.text === '0').length,
	)
	const text = numberFormat(required, decimals.length, minimumIntegerDigits, grouping).format(value)
	// "0." with no digit required after the point still shows the point; "#" before it shows no 0.
	const integerShown = integerPart.some((token) => token.kind === 'digit' && token.text === '0')
	const trimmed = !integerShown && /^-?0\./.test(text) ? text.replace('0.', '.') : text
	const withPoint = point >= 0 && !trimmed.includes('.') ? `${trimmed}.` : trimmed
	return integerPart.some((token) => token.kind === 'literal') ? placed(withPoint, integerPart) : withPoint
}

// A format with text between its digits (a phone number's "(###) ###-####"): the integer's digits
// fill the places from the right, the first place takes any left over.
function placed(text: string, integerPart: Token[]): string {
	const sign = text.startsWith('-') ? '-' : ''
	const [integer = '', ...rest] = text.slice(sign.length).replaceAll(',', '').split('.')
	let digits = integer.replace(/^0+(?=\d)/, '')
	const out: string[] = []
	const places = integerPart.filter((token) => token.kind === 'digit').length
	let place = 0
	for (let index = integerPart.length - 1; index >= 0; index--) {
		const token = integerPart[index]!
		if (token.kind === 'literal') out.push(token.text)
		else if (token.kind === 'digit') {
			place++
			const take = place === places ? digits : digits.slice(-1)
			digits = place === places ? '' : digits.slice(0, -1)
			out.push(take || (token.text === '0' ? '0' : token.text === '?' ? ' ' : ''))
		}
	}
	const decimals = rest.length ? `.${rest.join('')}` : ''
	return `${sign}${out.reverse().join('')}${decimals}`
}

// Intl's formatters by their options, kept for the next cell. A worker counts one customer's file
// after another, and formats can ask for thousands of combinations (0–100 decimals, 1–21 digits),
// so the cache starts over past a bound rather than growing with every file.
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>()
const MAX_NUMBER_FORMATS = 256
function numberFormat(required: number, decimals: number, integerDigits: number, grouping: boolean) {
	const minimumFractionDigits = Math.min(required, 100)
	const maximumFractionDigits = Math.min(Math.max(decimals, minimumFractionDigits), 100)
	const minimumIntegerDigits = Math.min(integerDigits, 21)
	const key = `${minimumFractionDigits}:${maximumFractionDigits}:${minimumIntegerDigits}:${grouping}`
	let format = NUMBER_FORMATS.get(key)
	if (!format) {
		format = new Intl.NumberFormat('en-US', {
			minimumFractionDigits,
			maximumFractionDigits,
			minimumIntegerDigits,
			useGrouping: grouping,
		})
		if (NUMBER_FORMATS.size >= MAX_NUMBER_FORMATS) NUMBER_FORMATS.clear()
		NUMBER_FORMATS.set(key, format)
	}
	return format
}

function scientific(value: number, number: Token[]): string {
	const exponent = number.findIndex((token) => token.kind === 'exponent')
	const mantissa = number.slice(0, exponent)
	const point = mantissa.findIndex((token) => token.kind === 'point')
	const decimals = point < 0 ? 0 : mantissa.slice(point + 1).filter((token) => token.kind === 'digit').length
	const [digits, power] = value.toExponential(Math.min(decimals, 100)).split('e')
	const sign = power!.startsWith('-') ? '-' : '+'
	return `${digits}E${sign}${power!.replace(/^[+-]/, '').padStart(2, '0')}`
}

// A fraction (# ?/?): the whole number and the nearest fraction of a denominator under 100.
function fraction(value: number): string {
	const whole = Math.trunc(value)
	const rest = Math.abs(value - whole)
	if (rest < 1e-9) return String(whole)
	let best = { numerator: 0, denominator: 1, error: rest }
	for (let denominator = 2; denominator < 100; denominator++) {
		const numerator = Math.round(rest * denominator)
		const error = Math.abs(rest - numerator / denominator)
		if (error < best.error - 1e-12) best = { numerator, denominator, error }
	}
	if (!best.numerator) return String(whole)
	return `${whole ? `${whole} ` : ''}${best.numerator}/${best.denominator}`
}
