import { describe, expect, test } from 'vitest'
import { guessLayout, PREVIEW_BYTES, previewBankFile } from '#app/models/invoice/bank-preview.ts'

const file = (...lines: string[]) => new TextEncoder().encode(lines.join('\r\n'))

describe("a bank statement's preview", () => {
	test("shows a Danske Bank export's own header and first rows, and finds its columns by their names", () => {
		const preview = previewBankFile(
			file('"Dato";"Tekst";"Beløb";"Saldo";"Status"', '"25.11.2026";"FI-kort 71 12345";"1.250,00";"9.000,00";"Udført"'),
		)!
		expect(preview.header).toEqual(['Dato', 'Tekst', 'Beløb', 'Saldo', 'Status'])
		expect(preview.rows).toEqual([['25.11.2026', 'FI-kort 71 12345', '1.250,00', '9.000,00', 'Udført']])
		expect(preview.signature).toBe('dato|tekst|beløb|saldo|status')
		expect(guessLayout(preview)).toEqual({ date: 0, text: 1, amount: 2 })
	})

	test('a Nordea export with its columns in another order', () => {
		const preview = previewBankFile(
			file(
				'Bogføringsdato;Beløb;Afsender;Modtager;Navn;Beskrivelse;Saldo;Valuta',
				'2026/11/25;1250,00;;;Hansen & Søn ApS;Faktura 12;10250,00;DKK',
			),
		)!
		expect(guessLayout(preview)).toEqual({ date: 0, text: 4, amount: 1 })
	})

	test('without a header, by the values: the dates, the amount that is not the balance, the words', () => {
		const preview = previewBankFile(
			file('25-11-2026;Indbetaling faktura 7;500,00;10.500,00', '26-11-2026;Husleje;-9000,00;1.500,00'),
		)!
		expect(preview.header).toBeNull()
		expect(preview.signature).toBeNull()
		expect(guessLayout(preview)).toEqual({ date: 0, text: 1, amount: 2 })
	})

	test('a file with no dates is not guessed, and a long file is read only at its start, in whole lines', () => {
		expect(guessLayout(previewBankFile(file('Navn;By', 'Ida;Aarhus'))!)).toBeNull()
		const long = file('Dato;Tekst;Beløb', ...Array.from({ length: 20_000 }, (_, n) => `25-11-2026;Linje ${n};${n},00`))
		expect(long.byteLength).toBeGreaterThan(PREVIEW_BYTES)
		const preview = previewBankFile(long)!
		expect(preview.rows).toHaveLength(6)
		expect(preview.rows[0]).toEqual(['25-11-2026', 'Linje 0', '0,00'])
	})
})
