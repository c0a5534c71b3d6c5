import { describe, expect, test } from 'vitest'
import { BUILT_IN_FORMATS, compileFormat, formatCell } from '#app/models/wordcount/formats/cell-format.server.ts'

// A cell's number as Excel and LibreOffice show it: the text a reader sees and the count is of.
describe('a number as its cell shows it', () => {
	test('dates and times by their format, from the 1900 and the 1904 day counts', () => {
		// 26 November 2024 at noon is day 45622.5 of Excel's 1900 calendar.
		expect(formatCell(45622.5, 'd-mmm-yy')).toBe('26-Nov-24')
		expect(formatCell(45622.5, 'dddd d. mmmm yyyy')).toBe('Tuesday 26. November 2024')
		expect(formatCell(45622.5, BUILT_IN_FORMATS[22])).toBe('11/26/2024 12:00')
		expect(formatCell(45622.75, 'yyyy-mm-dd hh:mm:ss')).toBe('2024-11-26 18:00:00')
		expect(formatCell(0.75, 'h:mm AM/PM')).toBe('6:00 PM')
		expect(formatCell(1.5, '[h]:mm:ss')).toBe('36:00:00')
		expect(formatCell(0.5 + 1 / 86400 / 2, 'mm:ss.0')).toBe('00:00.5')
		// 1 March 1900 is day 61: Excel counts a 29 February 1900 that never was.
		expect(formatCell(61, 'yyyy-mm-dd')).toBe('1900-03-01')
		expect(formatCell(0, 'yyyy-mm-dd', true)).toBe('1904-01-01')
		// "m" after an hour is minutes, before it the month.
		expect(formatCell(45622 + 7 / 24 + 5 / 1440, 'm/d h:m')).toBe('11/26 7:5')
	})

	test('numbers: decimals, thousands, percent, currency, negative sections, fractions, exponents', () => {
		expect(formatCell(1234.5, '#,##0.00')).toBe('1,234.50')
		expect(formatCell(1.514, '.00')).toBe('1.51')
		expect(formatCell(0.94, '#.00')).toBe('.94')
		expect(formatCell(1234.5, '[$kr-406] #,##0.00')).toBe('kr 1,234.50')
		expect(formatCell(1234.5, '#,##0 "dage"')).toBe('1,235 dage')
		expect(formatCell(0.125, '0%')).toBe('13%')
		expect(formatCell(-5, '#,##0;(#,##0)')).toBe('(5)')
		expect(formatCell(-5, '0.0')).toBe('-5.0')
		expect(formatCell(0, '0;-0;"nil"')).toBe('nil')
		expect(formatCell(1.5, '# ?/?')).toBe('1 1/2')
		expect(formatCell(12345, '0.00E+00')).toBe('1.23E+04')
		expect(formatCell(1234567, '#,##0,"k"')).toBe('1,235k')
		// Sections chosen by their conditions, as POI's FormatKM sheet has them.
		const thousands = compileFormat('[>999999]#.000,,"M";[>999]#.000,"K";#.000')
		expect([102.102, 10210.2, 1021021.02].map(thousands)).toEqual(['102.102', '10.210K', '1.021M'])
		expect(formatCell(5551234, '000-0000')).toBe('555-1234')
		expect(formatCell(4535551234, '(###) ###-####')).toBe('(453) 555-1234')
	})

	test('General shows a number as Excel does, without the float noise of its stored value', () => {
		expect(formatCell(0.1 + 0.2, 'General')).toBe('0.3')
		expect(formatCell(56.6, undefined)).toBe('56.6')
		expect(formatCell(42, 'General')).toBe('42')
		expect(formatCell(1e12, 'General')).toBe('1E+12')
	})

	test("a code longer than Excel's limit, or one of only text, does not run away", () => {
		expect(formatCell(3, `${'0'.repeat(300)}`)).toBe('3')
		expect(formatCell(3, '"see note"')).toBe('see note')
		// Unclosed quotes and brackets, empty sections, a run of exponents: read to the end, once.
		for (const code of ['['.repeat(255), '"'.repeat(255), ';'.repeat(255), 'E+'.repeat(127), '\\'.repeat(255)])
			expect(typeof formatCell(-1234.5, code)).toBe('string')
		// A workbook's own format, read once for every cell it styles; a locale tag shows nothing.
		const shown = compileFormat('[$-F800]dddd\\,\\ mmmm\\ dd\\,\\ yyyy')
		expect(shown(45622)).toBe('Tuesday, November 26, 2024')
		expect(shown(45623)).toBe('Wednesday, November 27, 2024')
	})
})
