import { describe, expect, test } from 'vitest'
import { csvLine } from '#app/utils/csv.ts'

describe('the CSV writer', () => {
	test('quotes what needs it and defuses what a spreadsheet would run', () => {
		expect(csvLine(['a;b', 'say "hi"', 'two\nlines', null, 3, true])).toBe('"a;b";"say ""hi""";"two\nlines";;3;true')
		expect(csvLine(['=1+2', '+cmd|x', '-2+3', '@SUM(A1)', '\tx', '\rx'])).toBe(
			`'=1+2;'+cmd|x;'-2+3;'@SUM(A1);'\tx;"'\rx"`,
		)
		expect(csvLine(['-120.50', '+45', '-3', -3])).toBe('-120.50;+45;-3;-3')
	})
})
