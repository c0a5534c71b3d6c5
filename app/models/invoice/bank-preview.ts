import type { BankCsvLayout } from '#database/enums.ts'
import { parseDanishAmount } from '#app/models/invoice/amounts.ts'
import { csvRows, decodeBankFile, parseBankDate } from '#app/models/invoice/bank-csv.ts'

// The start of a bank's CSV as the import shows it before reading it all: its own header (when it
// has one), its first rows, and the columns guessed from the header's names and the cells' values.
// Browser-safe: the page reads the first 64 KB of the file chosen, in linear time.
export const PREVIEW_BYTES = 64 * 1024
export const PREVIEW_ROWS = 6

export type BankPreview = { header: string[] | null; rows: string[][]; columns: number; signature: string | null }

export function previewBankFile(bytes: Uint8Array): BankPreview | null {
	let head = bytes.subarray(0, PREVIEW_BYTES)
	// A cut file ends at its last whole line.
	if (bytes.byteLength > PREVIEW_BYTES) head = head.subarray(0, head.lastIndexOf(0x0a) + 1 || head.byteLength)
	const text = decodeBankFile(head)
	const parsed = text === null ? null : csvRows(text)
	if (!parsed || parsed.rows.length === 0) return null
	const [first, ...rest] = parsed.rows.map((row) => row.cells)
	const isHeader = !first!.some((cell) => parseBankDate(cell) || parseDanishAmount(cell) !== null)
	const header = isHeader ? first!.map((cell) => cell.trim()) : null
	const rows = (isHeader ? rest : [first!, ...rest]).slice(0, PREVIEW_ROWS)
	const columns = Math.max(header?.length ?? 0, ...rows.map((row) => row.length))
	return { header, rows, columns, signature: header && signatureOf(header) }
}

// A bank's export is known by its header: the layout chosen for it is remembered under this.
export const signatureOf = (header: string[]) =>
	header
		.map((name) => name.trim().toLowerCase())
		.join('|')
		.slice(0, 500)

const NAMES: Record<keyof BankCsvLayout, RegExp> = {
	date: /^(dato|date|bogf(ø|oe)rt|bogf(ø|oe)ringsdato|posteringsdato|booking date|transaction date)$/,
	text: /^(tekst|text|beskrivelse|description|posteringstekst|meddelelse|reference|navn)$/,
	amount: /^(bel(ø|oe)b|amount|bel(ø|oe)b i dkk|amount \(dkk\)|bel(ø|oe)b dkk)$/,
}

// The date, text and amount columns: by the header's names where they say, else by the values (the
// first column of dates; the first column of amounts that is not a running balance; the column of
// the longest words), null when the rows give no date or no amount.
export function guessLayout(preview: BankPreview): BankCsvLayout | null {
	const { header, rows, columns } = preview
	const indices = Array.from({ length: columns }, (_, index) => index)
	const named = (part: keyof BankCsvLayout) =>
		header ? indices.find((index) => NAMES[part].test((header[index] ?? '').trim().toLowerCase())) : undefined
	const all = (index: number, test: (cell: string) => boolean) =>
		rows.length > 0 && rows.every((row) => test(row[index] ?? ''))
	const isBalance = (index: number) => /^(saldo|balance)/i.test((header?.[index] ?? '').trim())
	const date = named('date') ?? indices.find((index) => all(index, (cell) => parseBankDate(cell) !== null))
	const amount =
		named('amount') ??
		indices.find(
			(index) => index !== date && !isBalance(index) && all(index, (cell) => parseDanishAmount(cell) !== null),
		)
	if (date === undefined || amount === undefined) return null
	const wordiness = (index: number) =>
		rows.reduce((sum, row) => sum + (row[index] ?? '').replace(/[\d\s.,-]/g, '').length, 0)
	const text =
		named('text') ??
		indices.filter((index) => index !== date && index !== amount).sort((a, b) => wordiness(b) - wordiness(a))[0]
	return text === undefined ? null : { date, text, amount }
}
