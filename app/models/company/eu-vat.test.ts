import { describe, expect, test } from 'vitest'
import { isDanishVatNumber, readEuVatNumber } from '#app/models/company/eu-vat.ts'

describe('an EU VAT number, checked offline', () => {
	test.each([
		['DE136695976', 'DE'],
		['de 136 695 976', 'DE'],
		['BE0411905847', 'BE'],
		['SE556188840401', 'SE'],
		['FR40303265045', 'FR'],
		['NL004495445B01', 'NL'],
	])('%s is a valid number of %s', (input, country) => {
		expect(readEuVatNumber(input)?.country).toBe(country)
	})

	test('a wrong check digit, a Danish number and a number outside the EU are refused', () => {
		expect(readEuVatNumber('DE136695977')).toBeNull()
		expect(readEuVatNumber('BE0897221791')).toBeNull()
		expect(readEuVatNumber('DK13585628')).toBeNull()
		expect(isDanishVatNumber('DK 13585628')).toBe(true)
		expect(readEuVatNumber('NO974760673MVA')).toBeNull()
		expect(readEuVatNumber('GB980780684')).toBeNull()
		expect(readEuVatNumber('x'.repeat(10_000))).toBeNull()
	})
})
