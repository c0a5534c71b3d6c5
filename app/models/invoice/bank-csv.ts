import type { BankCsvLayout } from '#database/schema.ts'
import { asCalendarDate, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { parseDanishAmount } from '#app/models/invoice/amounts.ts'
import { cleanText } from '#app/models/text/clean.ts'

// A bank's CSV export as Danish banks write it: semicolons (or commas, or tabs), quoted cells that
// may hold the separator or a line break, UTF-8 or Windows-1252, a header line or none, dates as
// 25-11-2026, 25.11.2026, 25/11/2026 or 2026-11-25, amounts with a decimal comma. Read in one pass;
// a line that does not read is an error naming it, and then nothing of the file is used.
export const BANK_CSV_MAX_BYTES = 5 * 1024 * 1024
// A month of an agency's account is a few hundred lines; a longer period is read a part at a time.
export const BANK_CSV_MAX_LINES = 5_000
// The open lines the bank page shows at a time.
export const BANK_PAGE_SIZE = 100

export type BankLine = { line: number; bookedOn: CalendarDate; text: string; amount: number }
export type BankCsvProblem = { line: number; reason: 'columns' | 'date' | 'amount' | 'quote' }
export type BankCsv =
	| { ok: true; lines: BankLine[]; columns: number; header: string[] | null }
	| { ok: false; problem: BankCsvProblem | { line: 0; reason: 'empty' | 'too-large' | 'too-many' | 'unreadable' } }

// The file's text as a customer's input is read (app/models/text/clean.ts): UTF-8, UTF-16 by its
// mark, else Windows-1252; control characters out. Null when it is no text at all (a spreadsheet,
// a PDF): zero bytes a text never holds.
export function decodeBankFile(bytes: Uint8Array): string | null {
	let text: string
	if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
		text = new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes)
	else {
		let zeros = 0
		for (const byte of bytes.subarray(0, 64 * 1024)) if (byte === 0) zeros++
		if (zeros > 8) return null
		try {
			text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
		} catch {
			text = new TextDecoder('windows-1252').decode(bytes)
		}
	}
	return cleanText(text.replace(/^\uFEFF/, ''))
}

// The rows of a CSV, each with the line it starts on; null when a quote is never closed. Each cell is
// found by searching for its end (the separator, a line break, the closing quote), never a
// character at a time, so a file is read in time linear in its size.
export function csvRows(text: string): { rows: { line: number; cells: string[] }[]; separator: string } | null {
	const firstLine = text.slice(0, text.search(/\r?\n|$/))
	const separator = [';', '\t', ','].find((candidate) => firstLine.includes(candidate)) ?? ';'
	const breaks = new RegExp(`[${separator === '\t' ? '\\t' : separator}\\r\\n]`, 'g')
	const endOf = (from: number) => {
		breaks.lastIndex = from
		return breaks.exec(text)?.index ?? text.length
	}
	const rows: { line: number; cells: string[] }[] = []
	let cells: string[] = []
	let index = 0
	let line = 1
	let rowLine = 1
	for (;;) {
		let cell = ''
		if (text[index] === '"') {
			let from = index + 1
			for (;;) {
				const close = text.indexOf('"', from)
				if (close === -1) return null
				const piece = text.slice(from, close)
				cell += piece
				for (let at = piece.indexOf('\n'); at !== -1; at = piece.indexOf('\n', at + 1)) line++
				if (text[close + 1] !== '"') {
					index = close + 1
					break
				}
				cell += '"'
				from = close + 2
			}
		}
		const end = endOf(index)
		cell += text.slice(index, end)
		cells.push(cell)
		index = end
		if (text[index] === separator) {
			index++
			continue
		}
		if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells })
		if (index >= text.length) break
		index += text[index] === '\r' && text[index + 1] === '\n' ? 2 : 1
		cells = []
		line++
		rowLine = line
	}
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
	const text = decodeBankFile(bytes)
	if (text === null) return { ok: false, problem: { line: 0, reason: 'unreadable' } }
	const parsed = csvRows(text)
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
