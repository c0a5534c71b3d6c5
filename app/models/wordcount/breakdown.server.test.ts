import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { analyseFile } from '#app/models/wordcount/analyse.server.ts'
import { breakdownLines, COUNT_PARTS, UNPRICED_PARTS } from '#app/models/wordcount/parts.ts'
import { MANUAL_REASONS } from '#app/models/wordcount/format.server.ts'
import da from '#app/locales/da.json' with { type: 'json' }
import en from '#app/locales/en.json' with { type: 'json' }
import adminDa from '#app/locales/admin.da.json' with { type: 'json' }
import adminEn from '#app/locales/admin.en.json' with { type: 'json' }

// What a count is made of (the quote's breakdown), on real documents: the corpus, and files made
// with LibreOffice for what it lacks.
const CORPUS = process.env.CORPUS_DIR
	? path.join(process.env.CORPUS_DIR, 'files/')
	: fileURLToPath(new URL('../../../../shared/corpus/files/', import.meta.url))
const fixture = (file: string) => fileURLToPath(new URL(`../../../tests/fixtures/wordcount/${file}`, import.meta.url))

async function counted(file: string) {
	const analysis = await analyseFile(file, path.extname(file).slice(1))
	if (analysis.kind !== 'words') throw new Error(`${file}: ${JSON.stringify(analysis)}`)
	// The priced parts always add up to the count.
	const priced = breakdownLines(analysis.breakdown).filter((line) => line.priced)
	expect(priced.reduce((sum, line) => sum + line.words, 0)).toBe(analysis.words)
	return analysis
}

describe.runIf(existsSync(CORPUS))('each part of a real document counted apart', () => {
	test.each([
		// Slide and notes-page numbers are fields, not text (until 26 November 2026 they were words).
		['pptx_pandoc_speaker_notes.pptx', { body: 19, notes: 23 }],
		['pptx_poi_performance_hidden.pptx', { body: 922, notes: 216, hidden: 92 }],
		['docx_tika_various.docx', { body: 126, headers: 10, notes: 4 }],
		['doc_tika_various.doc', { body: 125, headers: 10, notes: 4 }],
		['xlsx_sheetjs_sheet_visibility.xlsx', { body: 14, hidden: 32 }],
		// The same workbook as OpenDocument: its hidden sheets were not seen before (their table style hides them).
		['ods_sheetjs_sheet_visibility.ods', { body: 14, hidden: 32 }],
		// A footer's fields (the sheet's name, the date, page numbers) are not text since 26 November 2026.
		['ods_tika_footer.ods', { body: 8, headers: 9 }],
		['ppt_tika_master_text.ppt', { headers: 8 }],
		// Footnotes are notes, without their marks ("text1Footnote" was one word in the body).
		['odt_pandoc_footnote.odt', { body: 5, notes: 2 }],
		// Checkbox and error cells are shown, not priced: LibreOffice's 256 include 184 TRUE/FALSE,
		// xls2csv's 38,457 include 4,266 ERROR. Compact (RK) numbers such as 56.6 are read as they
		// are, not as 0 (35,065 words before). Numbers as their cells show them since 28 November
		// 2026 (a time as "5:42:32 PM", an amount as "1,250 DM"; 35,163 before).
		['numbers_sheetjs_attendance.numbers', { body: 58, values: 184 }],
		['xls_poi_ooe_statistik_de.xls', { body: 40014, values: 4266 }],
	])('%s: %o', async (file, breakdown) => {
		expect((await counted(path.join(CORPUS, file))).breakdown).toEqual(breakdown)
	})
})

describe.runIf(existsSync(CORPUS))(
	"the agency's settings: a presentation's notes and hidden slides without a price",
	() => {
		test('left out of the price, still counted and shown apart', async () => {
			const file = path.join(CORPUS, 'pptx_poi_performance_hidden.pptx')
			const analysis = await analyseFile(file, 'pptx', { leaveOut: ['notes', 'hidden'] })
			expect(analysis).toMatchObject({
				kind: 'words',
				words: 922,
				breakdown: { body: 922, notes: 216, hidden: 92, leftOut: ['notes', 'hidden'] },
			})
			const lines = breakdownLines(analysis.kind === 'words' ? analysis.breakdown : null)
			expect(lines.map(({ part, priced }) => [part, priced])).toEqual([
				['body', true],
				['notes', false],
				['hidden', false],
			])
			// Only what is left out: the hidden slides priced, the notes not.
			expect(await analyseFile(file, 'pptx', { leaveOut: ['notes'] })).toMatchObject({ words: 922 + 92 })
		})

		test("a Word file's footnotes are notes too, and stay priced", async () => {
			const analysis = await analyseFile(path.join(CORPUS, 'docx_tika_various.docx'), 'docx', { leaveOut: ['notes'] })
			expect(analysis).toMatchObject({ words: 140, breakdown: { body: 126, headers: 10, notes: 4 } })
			expect(analysis.kind === 'words' && analysis.breakdown.leftOut).toBeUndefined()
		})
	},
)

describe('parts of files made with an office program for what the corpus lacks', () => {
	test('a presentation: slides, the text its master shows on every slide, and its chart', async () => {
		expect((await counted(fixture('pptx_libreoffice_chart_master.pptx'))).breakdown).toEqual({
			body: 10,
			headers: 5,
			charts: 14,
		})
	})

	test('a PowerPoint presentation with SmartArt: its text is counted once, with charts and drawings', async () => {
		// Made by Microsoft PowerPoint; the test file of the npm package pptx2json (MIT), a dev
		// dependency for this file alone. Before, the SmartArt's 25 words (Japanese, per character) were not read.
		const file = fileURLToPath(new URL('../../../node_modules/pptx2json/fixtures/test.pptx', import.meta.url))
		const analysis = await counted(file)
		// Its notes pages hold only their page numbers (counted as 3 words of notes before 26 November 2026).
		expect(analysis.breakdown).toEqual({ body: 30, charts: 25 })
		expect(analysis.text).toContain('科学的手法')
		expect(analysis.text.match(/最終論文/g)).toHaveLength(1)
	})

	test('a PowerPoint 97–2003 footer set for all slides is counted once, with headers and footers (made by Apache POI)', async () => {
		// Before, the footer was not read at all: 17 words.
		expect((await counted(fixture('ppt_poi_footer.ppt'))).breakdown).toEqual({ body: 17, headers: 8 })
	})

	test.each([
		['sheets_libreoffice_comment_hidden.xlsx', { body: 9, hidden: 6, comments: 8 }, 15],
		['sheets_libreoffice_comment_hidden.ods', { body: 9, headers: 1, hidden: 6, comments: 8 }, 16],
	])(
		'%s: a comment is shown but not priced; a hidden sheet is counted and reported',
		async (file, breakdown, words) => {
			const analysis = await counted(fixture(file))
			expect(analysis).toMatchObject({ words, breakdown, hiddenSheets: 1 })
			expect(UNPRICED_PARTS.has('comments')).toBe(true)
			// Nor is the comment among the sentences repeats are looked for in.
			expect(analysis.text).not.toContain('Husk at tjekke prisen')
			expect(analysis.text).toContain('Denne fane er skjult for kunden')
		},
	)
})

// The order page names a reason by its key (order.manualReason.*), cast past the type checker: a
// reason or part without its text would show the customer a key.
describe('every reason and part has its text in both languages', () => {
	test.each([
		['da', da, adminDa],
		['en', en, adminEn],
	] as const)('%s', (_, site, admin) => {
		const messages: Record<string, string> = site
		const staff: Record<string, string> = admin
		expect(MANUAL_REASONS.filter((reason) => !messages[`order.manualReason.${reason}`])).toEqual([])
		expect(COUNT_PARTS.filter((part) => !messages[`quote.part.${part}`] || !staff[`request.part.${part}`])).toEqual([])
		expect([...UNPRICED_PARTS].filter((part) => !messages[`quote.unpriced.${part}`])).toEqual([])
	})
})
