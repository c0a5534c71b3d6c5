import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { analyseFile } from '#app/models/wordcount/analyse.server.ts'
import { formatDate, numbers09Cells } from '#app/models/wordcount/formats/numbers09.server.ts'
import { hasPool, POOL } from '#tests/setup/pool-sample.ts'

// 1 October 2009, 14:05:09, in Numbers' seconds since 2001.
const OCTOBER_1_2009 = (Date.UTC(2009, 9, 1, 14, 5, 9) - Date.UTC(2001, 0, 1)) / 1000

const sheet = (cells: string, styles = '') =>
	`<ls:document xmlns:sf="sf" xmlns:ls="ls">${styles}<sf:datasource>${cells}</sf:datasource></ls:document>`

describe("Numbers '09 cells as the table shows them", () => {
	// The fix started from numbers_tika_testNumbersCharts.numbers, a ledger whose every row
	// counted its category menu's six choices and none of its dates.
	test('a pop-up menu counts the choice it shows, not every choice', () => {
		const menu = (chosen: number) =>
			`<sf:pm><sf:menu-choices>${['Bolig', 'Mad og drikke', 'Benzin']
				.map((choice, index) => `<sf:t sfa:ID="cell-${chosen}-${index}"><sf:ct sfa:s="${choice}"/></sf:t>`)
				.join('')}</sf:menu-choices><sf:proxied-cell-ref sfa:IDREF="cell-${chosen}-${chosen}"/></sf:pm>`
		expect(numbers09Cells(sheet(`<sf:t><sf:ct sfa:s="Husleje"/></sf:t>${menu(0)}${menu(1)}`)).body).toEqual([
			'Husleje',
			'Bolig',
			'Mad og drikke',
		])
	})

	test("a date in its style's format, found on the style, by reference or on its parent", () => {
		const styles =
			'<sf:date-format sfa:ID="long" sf:fmt="EEEE d. MMMM y"/>' +
			'<sf:cell-style sfa:ID="short"><sf:date-format sf:fmt="M/d/yy h:mm a"/></sf:cell-style>' +
			'<sf:cell-style sfa:ID="parent" sf:ident="body-style"><sf:date-format-ref sfa:IDREF="long"/></sf:cell-style>' +
			'<sf:cell-style sfa:ID="child" sf:parent-ident="body-style"/>'
		const date = (style: string) => `<sf:d sf:s="${style}" sf:cell-date="${OCTOBER_1_2009}"/>`
		expect(numbers09Cells(sheet(date('short') + date('child') + date('none'), styles)).body).toEqual([
			'10/1/09 2:05 PM',
			'Thursday 1. October 2009',
			'10/1/09',
		])
	})

	test('numbers and formula results as shown; checkboxes apart; the table templates left out', () => {
		const cells =
			'<sf:n sf:v="-97.400000000000006"/><sf:f><sf:r><sf:rn sf:v="3777.5999999999999"/></sf:r></sf:f>' +
			'<sf:cb sf:v="1"/><sf:cb/>'
		const templates = '<ls:tabular-prototypes><sf:t><sf:ct sfa:s="Skabelon"/></sf:t><sf:cb/></ls:tabular-prototypes>'
		expect(numbers09Cells(sheet(cells) + templates)).toEqual({
			body: ['-97.4', '3777.6'],
			values: ['TRUE', 'FALSE'],
		})
	})

	test('date patterns: quoted text, 12 and 24 hours, short names', () => {
		expect(formatDate(OCTOBER_1_2009, "d MMM yyyy 'kl.' HH:mm:ss")).toBe('1 Oct 2009 kl. 14:05:09')
		expect(formatDate(OCTOBER_1_2009, "EEE h 'o''clock'")).toBe("Thu 2 o'clock")
	})

	test('linear in the file: a tag name of megabytes, attributes that never close, a flood of tags', () => {
		const megabyte = 1024 * 1024
		expect(numbers09Cells(`<sf:${'a'.repeat(4 * megabyte)}`).body).toEqual([])
		expect(numbers09Cells(`<sf:ct sfa:s="${'x'.repeat(4 * megabyte)}`).body).toEqual([])
		const flood = '<sf:n sf:v="7"/>'.repeat(megabyte / 4)
		expect(numbers09Cells(flood).body).toHaveLength(megabyte / 4)
	})

	test.runIf(hasPool)('on a workbook it did not start from: dates, results and a checkbox column', async () => {
		// LibreOffice prints its dates with a time the cells' format does not show, and its amounts as
		// percentages; what Numbers shows is 253 words and nine checkboxes (241 before, no dates).
		const analysis = await analyseFile(path.join(POOL, 'numbers_tika_testMultipleSheets.numbers'), 'numbers')
		expect(analysis).toMatchObject({ kind: 'words', breakdown: { body: 253, values: 9 } })
	})
})
