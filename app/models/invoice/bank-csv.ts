import type { BankCsvLayout } from '#database/schema.ts'
import { asCalendarDate, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { parseDanishAmount } from '#app/models/invoice/amounts.ts'

// A bank's CSV export as Danish banks write it: semicolons (or commas, or tabs), quoted cells that
// may hold the separator or a line break, UTF-8 or Windows-1252, a header line or none, dates as
// 25-11-2026, 25.11.2026, 25/11/2026 or 2026-11-25, amounts with a decimal comma. Read in one pass;
// a line that does not read is an error naming it, and then nothing of the file is used.
export const BANK_CSV_MAX_BYTES = 5 * 1024 * 1024
export const BANK_CSV_MAX_LINES = 50_000

export type BankLine = { line: number; bookedOn: CalendarDate; text: string; amount: number }
export type BankCsvProblem = { line: number; reason: 'columns' | 'date' | 'amount' | 'quote' }
export type BankCsv =
	| { ok: true; lines: BankLine[]; columns: number; header: string[] | null }
	| { ok: false; problem: BankCsvProblem | { line: 0; reason: 'empty' | 'too-large' | 'too-many' } }

export function decodeBankFile(bytes: Uint8Array): string {
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		text = new TextDecoder('windows-1252').decode(bytes)
	}
	return text.replace(/^\uFEFF/, '')
}

// The rows of a CSV, each with the line it starts on; null when a quote is never closed.
export function csvRows(text: string): { rows: { line: number; cells: string[] }[]; separator: string } | null {
	const firstLine = text.slice(0, text.search(/\r?\n|$/))
	const separator = [';', '\t', ','].find((candidate) => firstLine.includes(candidate)) ?? ';'
	const rows: { line: number; cells: string[] }[] = []
	let cells: string[] = []
	let cell = ''
	let quoted = false
	let line = 1
	let rowLine = 1
	for (let index = 0; index < text.length; index++) {
		const char = text[index]!
		if (quoted) {
			if (char === '"' && text[index + 1] === '"') {
				cell += '"'
				index++
			} else if (char === '"') quoted = false
			else {
				if (char === '\n') line++
				cell += char
			}
		} else if (char === '"' && cell === '') quoted = true
		else if (char === separator) {
			cells.push(cell)
			cell = ''
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[index + 1] === '\n') index++
			cells.push(cell)
			if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells })
			cells = []
			cell = ''
			line++
			rowLine = line
		} else cell += char
	}
	if (quoted) return null
	cells.push(cell)
	if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells })
	return { rows, separator }
}

const DMY = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/

export function parseBankDate(value: string): CalendarDate | null {
	const text = value.trim()
	const dmy = text.match(DMY)
	const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : text
	return asCalendarDate(iso)
}

export function readBankCsv(bytes: Uint8Array, layout: BankCsvLayout): BankCsv {
	if (bytes.byteLength > BANK_CSV_MAX_BYTES) return { ok: false, problem: { line: 0, reason: 'too-large' } }
	const parsed = csvRows(decodeBankFile(bytes))
	if (!parsed) return { ok: false, problem: { line: 0, reason: 'quote' } as BankCsvProblem }
	const { rows } = parsed
	if (rows.length === 0) return { ok: false, problem: { line: 0, reason: 'empty' } }
	if (rows.length > BANK_CSV_MAX_LINES + 1) return { ok: false, problem: { line: 0, reason: 'too-many' } }
	// A first line whose date cell is no date is the header.
	const header = parseBankDate(rows[0]!.cells[layout.date] ?? '') ? null : rows[0]!.cells
	const lines: BankLine[] = []
	for (const { line, cells } of header ? rows.slice(1) : rows) {
		if (Math.max(layout.date, layout.text, layout.amount) >= cells.length)
			return { ok: false, problem: { line, reason: 'columns' } }
		const bookedOn = parseBankDate(cells[layout.date]!)
		if (!bookedOn) return { ok: false, problem: { line, reason: 'date' } }
		const amount = parseDanishAmount(cells[layout.amount]!)
		if (amount === null) return { ok: false, problem: { line, reason: 'amount' } }
		lines.push({ line, bookedOn, text: cells[layout.text]!.trim().replace(/\s+/g, ' ').slice(0, 500), amount })
	}
	if (lines.length === 0) return { ok: false, problem: { line: 0, reason: 'empty' } }
	return { ok: true, lines, columns: Math.max(...rows.map((row) => row.cells.length)), header }
}
