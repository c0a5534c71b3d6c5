// The one CSV writer: every export the site writes (requests, orders, the synthetic registry) goes
// through it. Semicolons, as Danish Excel opens them as columns; a cell with the separator, a quote
// or a line break is quoted. A cell a spreadsheet would run as a formula (OWASP: one starting with
// = + - @, a tab or a carriage return) gets an apostrophe in front, so it shows as text:
// "=HYPERLINK(…)" in a customer's name must never become a link that sends the sheet away. A plain
// number ("-120.50") is no formula and stays as it is.
const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/

export type CsvCell = string | number | boolean | null

export function defuseFormula(text: string): string {
	return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

export function csvLine(cells: readonly CsvCell[], separator = ';'): string {
	return cells
		.map((value) => {
			const text = value === null ? '' : typeof value === 'string' ? defuseFormula(value) : String(value)
			return /["\n\r]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text
		})
		.join(separator)
}
