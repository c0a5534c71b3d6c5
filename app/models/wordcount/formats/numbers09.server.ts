import { DAYS, MONTHS, pad } from '#app/models/wordcount/formats/cell-format.server.ts'
import { decodeEntities } from '#app/models/wordcount/xml.server.ts'

// Numbers '09 (index.xml) tables, cell by cell as the table shows them:
// - a text cell's text (sf:ct), wherever it sits, but a pop-up menu's choices only as the one chosen
//   (sf:proxied-cell-ref names it): every row of a ledger counted all six categories of its menu;
// - a number (sf:n) and a formula's number (sf:rn) as Numbers shows a stored double, to 15
//   significant digits (-97.4, not -97.400000000000006);
// - a date (sf:d, seconds since 2001) in its cell style's date format ("M/d/yy" is one word,
//   "M/d/yy h:mm a" three);
// - a checkbox (sf:cb) as TRUE or FALSE, apart and not priced, as in a workbook.
// Until 28 November 2026 dates and formulas' results were not counted.
// The table templates Numbers offers (ls:tabular-prototypes) are not the document's tables.
// One pass over the tags, linear in the file: a tag's name is never given back to be tried
// shorter (without the lookahead, "<sf:" and a megabyte of letters took minutes). The styles are
// resolved at the end (they may come after the cells).
const TAG = /<(\/?)(sf|ls):([\w-]+)(?![\w-])([^<>]*)>/g
const SECONDS_2001 = Date.UTC(2001, 0, 1)
const DEFAULT_DATE_FORMAT = 'M/d/yy'

type Style = { format?: string; formatRef?: string; parent?: string }

export function numbers09Cells(xml: string): { body: string[]; values: string[] } {
	const values: string[] = []
	const cells: (string | { date: number; style: string })[] = []
	const styles = new Map<string, Style>()
	const idents = new Map<string, string>()
	const dateFormats = new Map<string, string>()
	const choices = new Map<string, string>()
	let menu = 0
	let choice: string | null = null
	let style: Style | null = null
	let prototypes = false
	for (const [, close, prefix, name, attributes] of xml.matchAll(TAG)) {
		const selfClosing = attributes!.endsWith('/')
		if (prefix === 'ls') {
			if (name === 'tabular-prototypes' && !selfClosing) prototypes = !close
			continue
		}
		if (prototypes) continue
		if (name === 'menu-choices') menu = Math.max(0, menu + (close ? -1 : selfClosing ? 0 : 1))
		else if (name === 'cell-style') {
			const opened = close ? null : cellStyle(attributes!, styles, idents)
			style = selfClosing ? null : opened
		}
		if (close) continue
		const value = (attribute: string) => attributeOf(attributes!, attribute)
		if (name === 'date-format') {
			const id = value('sfa:ID')
			const format = value('sf:fmt')
			if (id && format !== null) dateFormats.set(id, format)
			if (style && format !== null) style.format = format
		} else if (name === 'date-format-ref' && style) style.formatRef = value('sfa:IDREF') ?? undefined
		else if (menu > 0) {
			if (name === 't') choice = value('sfa:ID')
			else if (name === 'ct' && choice) choices.set(choice, value('sfa:s') ?? '')
		} else if (name === 'ct' || name === 'so') {
			const text = value('sfa:s')
			if (text !== null) cells.push(text)
		} else if (name === 'proxied-cell-ref') cells.push(choices.get(value('sfa:IDREF') ?? '') ?? '')
		else if (name === 'n' || name === 'rn') {
			const number = value('sf:v')
			if (number !== null) cells.push(shownNumber(number))
		} else if (name === 'cb') values.push(value('sf:v') === '1' ? 'TRUE' : 'FALSE')
		else if (name === 'd') {
			const seconds = Number(value('sf:cell-date'))
			if (Number.isFinite(seconds)) cells.push({ date: seconds, style: value('sf:s') ?? '' })
		}
	}
	const formatOf = (id: string) => styleFormat(id, styles, idents, dateFormats)
	const body = cells.map((cell) =>
		typeof cell === 'string' ? decodeEntities(cell) : formatDate(cell.date, formatOf(cell.style)),
	)
	return { body, values }
}

function attributeOf(attributes: string, name: string): string | null {
	const at = attributes.indexOf(` ${name}="`)
	if (at < 0) return null
	const start = at + name.length + 3
	const end = attributes.indexOf('"', start)
	return end < 0 ? null : attributes.slice(start, end)
}

function cellStyle(attributes: string, styles: Map<string, Style>, idents: Map<string, string>): Style {
	const style: Style = { parent: attributeOf(attributes, 'sf:parent-ident') ?? undefined }
	const id = attributeOf(attributes, 'sfa:ID')
	const ident = attributeOf(attributes, 'sf:ident')
	if (id) styles.set(id, style)
	if (id && ident) idents.set(ident, id)
	return style
}

// A style's date format, its own or (a few levels up) its parent's.
function styleFormat(
	id: string,
	styles: Map<string, Style>,
	idents: Map<string, string>,
	dateFormats: Map<string, string>,
): string {
	let style = styles.get(id)
	for (let level = 0; style && level < 8; level++) {
		const format = style.format ?? (style.formatRef ? dateFormats.get(style.formatRef) : undefined)
		if (format !== undefined) return format
		style = style.parent ? styles.get(idents.get(style.parent) ?? '') : undefined
	}
	return DEFAULT_DATE_FORMAT
}

function shownNumber(stored: string): string {
	const number = Number(stored)
	return Number.isFinite(number) ? String(Number(number.toPrecision(15))) : stored
}

// A Unicode (ICU) date pattern: letters repeated ("MMM", "yy"), text in quotes, the rest as is.
export function formatDate(seconds: number, pattern: string): string {
	const date = new Date(SECONDS_2001 + seconds * 1000)
	if (Number.isNaN(date.getTime())) return ''
	let out = ''
	for (let at = 0; at < pattern.length;) {
		const letter = pattern[at]!
		if (letter === "'") {
			at = quoted(pattern, at, (text) => (out += text))
			continue
		}
		let width = 1
		while (/[A-Za-z]/.test(letter) && pattern[at + width] === letter) width++
		out += /[A-Za-z]/.test(letter) ? field(date, letter, width) : letter
		at += width
	}
	return out
}

// Text in quotes from at (a quote), '' a quote of its own inside or outside; where it ends.
function quoted(pattern: string, at: number, write: (text: string) => void): number {
	if (pattern[at + 1] === "'") {
		write("'")
		return at + 2
	}
	for (at++; at < pattern.length; at++) {
		if (pattern[at] !== "'") write(pattern[at]!)
		else if (pattern[at + 1] !== "'") return at + 1
		else {
			write("'")
			at++
		}
	}
	return at
}

function field(date: Date, letter: string, width: number): string {
	const hours = date.getUTCHours()
	switch (letter) {
		case 'y':
		case 'Y':
		case 'u':
			return width === 2 ? pad(date.getUTCFullYear() % 100, 2) : pad(date.getUTCFullYear(), width)
		case 'M':
		case 'L': {
			const month = date.getUTCMonth()
			return width >= 4 ? MONTHS[month]! : width === 3 ? MONTHS[month]!.slice(0, 3) : pad(month + 1, width)
		}
		case 'd':
			return pad(date.getUTCDate(), width)
		case 'E':
		case 'c':
		case 'e':
			return width >= 4 ? DAYS[date.getUTCDay()]! : DAYS[date.getUTCDay()]!.slice(0, 3)
		case 'a':
			return hours < 12 ? 'AM' : 'PM'
		case 'h':
			return pad(hours % 12 || 12, width)
		case 'H':
			return pad(hours, width)
		case 'k':
			return pad(hours || 24, width)
		case 'K':
			return pad(hours % 12, width)
		case 'm':
			return pad(date.getUTCMinutes(), width)
		case 's':
			return pad(date.getUTCSeconds(), width)
		default:
			return ''
	}
}
