import { describe, expect, test } from 'vitest'
import { BANK_CSV_MAX_BYTES, BANK_CSV_MAX_LINES } from '#app/models/invoice/bank-csv.ts'
import { readBankStatement } from '#server/bank-statement/read.ts'

const LAYOUT = { date: 0, text: 1, amount: 2 }

// The largest statements the page takes, read on their own thread.
describe('a large statement', () => {
	test('of the most lines and bytes allowed is read whole', async () => {
		const text = `"${'Indbetaling faktura 1234; tak '.repeat(33)}"`
		const lines = Array.from({ length: BANK_CSV_MAX_LINES }, (_, n) => `25-11-2026;${text};${n + 1},50`)
		const bytes = new TextEncoder().encode(lines.join('\n'))
		expect(bytes.byteLength).toBeLessThan(BANK_CSV_MAX_BYTES)
		expect(bytes.byteLength).toBeGreaterThan(BANK_CSV_MAX_BYTES * 0.9)
		const read = await readBankStatement(bytes, LAYOUT)
		expect(read.ok && read.lines.length).toBe(BANK_CSV_MAX_LINES)
		expect(read.ok && read.lines.at(-1)).toMatchObject({ line: BANK_CSV_MAX_LINES, amount: 5000.5 })
	})

	test('of one quote never closed, or of separators only, is refused as such', async () => {
		const open = new TextEncoder().encode(`25-11-2026;"${'x'.repeat(BANK_CSV_MAX_BYTES - 20)}`)
		expect(await readBankStatement(open, LAYOUT)).toEqual({ ok: false, problem: { line: 0, reason: 'quote' } })
		const separators = new TextEncoder().encode(';'.repeat(BANK_CSV_MAX_BYTES - 1))
		expect(await readBankStatement(separators, LAYOUT)).toMatchObject({ ok: false, problem: { reason: 'empty' } })
	})
})
