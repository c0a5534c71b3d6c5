import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { zipSync } from 'fflate'
import { afterAll, describe, expect, test } from 'vitest'
import { analyseFile } from '#app/models/wordcount/analyse.server.ts'
import { CORPUS, hasCorpus, wordsOf } from '#tests/setup/corpus.ts'

const analyse = (file: string) => analyseFile(path.join(CORPUS, file), path.extname(file).slice(1))
const words = wordsOf

describe.runIf(hasCorpus)('real documents', () => {
	test.each([
		['txt_europarl_da.txt', 3543],
		['txt_tika_win1252.txt', 16],
		['srt_pysrt_utf16le_bom.srt', 111],
		['srt_tika_subrip.srt', 56],
		['vtt_tika_webvtt.vtt', 58],
		['odt_tika_openoffice2.odt', 16],
		['xlsx_tika_testEXCEL.xlsx', 51],
		['rtf_tika_umlaut.rtf', 1],
		['xls_tika_testEXCEL.xls', 51],
	])('%s has the reference’s %i words', async (file, expected) => {
		expect(words(await analyse(file))).toBe(expected)
	})

	test.each([
		['docx_poi_stress008_de.docx', 54144],
		['pdf_tracemonkey_en.pdf', 13670],
		['rtf_pandoc_writer.rtf', 1065],
		['pptx_poi_scheinecker_de.pptx', 1000],
		['pages_tika_testPages.pages', 327],
		['numbers_tika_testNumbers.numbers', 166],
	])('%s is within 5 percent of the reference’s %i words', async (file, expected) => {
		expect(Math.abs(words(await analyse(file)) - expected) / expected).toBeLessThan(0.05)
	})

	test('a word hyphenated at the end of a PDF line counts once, as on the page', async () => {
		// TeX splits "inter-" / "preter"; counted as two words, the paper was 0.9% above pdftotext.
		const analysis = await analyse('pdf_tracemonkey_en.pdf')
		expect(analysis.kind === 'words' && analysis.text).toContain(
			'The VM calls into the trace monitor every time the inter-preter executes',
		)
		expect(Math.abs(words(analysis) - 13670) / 13670).toBeLessThan(0.005)
	})

	test('PDF text runs placed apart without a space between them are separate words', async () => {
		// pdf.js gives the runs; glued, "Staat" and "PLZ" (two form labels) or "droit" and "et" were one word.
		const texts = await Promise.all(
			['pdf_antrag_de.pdf', 'pdf_cerfa_fr.pdf', 'pdf_tracemonkey_en.pdf'].map(
				async (file) => ((await analyse(file)) as { text: string }).text,
			),
		)
		expect(texts.join(' ')).not.toMatch(/StaatPLZ|droitet|2Trace/)
		expect(texts[0]).toMatch(/Staat\s+PLZ/)
	})

	test('Japanese is counted from its characters', async () => {
		const analysis = await analyse('txt_europarl_ja.txt')
		expect(analysis.kind === 'words' && analysis.cjkCharacters).toBeGreaterThan(8000)
	})

	test('subtitles give their running time too', async () => {
		expect(await analyse('vtt_webvttpy_youtube.vtt')).toMatchObject({ kind: 'words', words: 15 })
		const subrip = await analyse('srt_tika_subrip.srt')
		expect(subrip.kind === 'words' && subrip.minutes).toBeGreaterThan(0)
	})

	test.each([
		['docx_tika_protected_passtika.docx', 'encrypted'],
		['odt_tika_encrypted.odt', 'encrypted'],
		['pdf_tika_unicode_password.pdf', 'encrypted'],
		['pdf_tika_ocr_imageonly.pdf', 'scanned'],
		['pdf_fuzzed_corrupt.pdf', 'broken'],
		['doc_tika_protected_passtika.doc', 'encrypted'],
		// Its only text is in the Word, Excel and PowerPoint files it embeds (read since 28 November 2026).
		['rtf_tika_embedded_files.rtf', 'embedded'],
	])('%s goes to a person: %s', async (file, reason) => {
		expect(await analyse(file)).toEqual({ kind: 'manual', reason })
	})

	test('PowerPoint 97–2003 slides and notes are counted, not the masters’ prompts', async () => {
		expect(Math.abs(words(await analyse('ppt_poi_41246_fr.ppt')) - 1478) / 1478).toBeLessThan(0.2)
	})

	test('a fast-saved PowerPoint 97–2003 file is counted from its newest edit, not once per save', async () => {
		// The stream still holds the first save's slide list; reading it too doubled the count (26).
		expect(words(await analyse('ppt_tika_testPPT.ppt'))).toBe(13)
	})

	test('text a PowerPoint 97–2003 master puts on every slide is counted once; its placeholders’ prompts are not', async () => {
		// The only text is a text box on the master; it went to a person as "no text".
		expect(words(await analyse('ppt_tika_master_text.ppt'))).toBe(8)
	})

	test('an iWork 2013 Numbers file is counted: its text, its strings as often as cells use them, numbers and dates, not checkboxes', async () => {
		// It went to a person as "not supported yet". LibreOffice's export counts 256, 184 of them
		// TRUE and FALSE of attendance checkboxes, which no spreadsheet format here counts.
		const analysis = await analyse('numbers_sheetjs_attendance.numbers')
		expect(analysis).toMatchObject({ kind: 'words', words: 58 })
		const lines = analysis.kind === 'words' ? analysis.text.split('\n') : []
		expect(lines).toEqual(
			expect.arrayContaining([
				'Attendance Sheet — October 2020',
				'Berlinda Fong',
				'Jimmy Cooney',
				'2020-10-01',
				'2020-10-23',
			]),
		)
		expect(lines.filter((line) => /^\d{4}-\d{2}-\d{2}$/.test(line))).toHaveLength(23)
	})

	test('hidden sheets are reported', async () => {
		expect(await analyse('xlsx_sheetjs_sheet_visibility.xlsx')).toMatchObject({ kind: 'words', hiddenSheets: 2 })
	})
})

describe('documents made with LibreOffice for what the corpus lacks (tests/fixtures/wordcount)', () => {
	const fixture = (file: string) => fileURLToPath(new URL(`../../../tests/fixtures/wordcount/${file}`, import.meta.url))

	test('a pptx counts its chart (titles, series, categories once) and the text its master shows on every slide, once, not the prompts', async () => {
		const analysis = await analyseFile(fixture('pptx_libreoffice_chart_master.pptx'), 'pptx')
		// Before: the two slides' 10 words; the chart and the master's line were not read.
		expect(analysis).toMatchObject({ kind: 'words', words: 29 })
		const text = analysis.kind === 'words' ? analysis.text : ''
		for (const part of [
			'Revenue by region',
			'Sales region',
			'Thousand kroner',
			'Spring campaign',
			'Autumn campaign',
			'Confidential draft of Nordic Trading',
		])
			expect(text).toContain(part)
		expect(text.match(/North/g)).toHaveLength(1)
		expect(text).not.toContain('Click to edit')
	})
})

describe('files that are not what they say', () => {
	const directory = mkdtempSync(path.join(tmpdir(), 'tolk-wordcount-'))
	afterAll(() => rmSync(directory, { recursive: true, force: true }))

	test('a zip bomb named .docx goes to a person as too complex, not inflated', async () => {
		const bomb = zipSync({ 'word/document.xml': new Uint8Array(300 * 1024 * 1024) }, { level: 9 })
		const file = path.join(directory, 'bomb.docx')
		writeFileSync(file, bomb)
		expect(bomb.length).toBeLessThan(1024 * 1024)
		expect(await analyseFile(file, 'docx')).toEqual({ kind: 'manual', reason: 'complex' })
	})

	test('a password-protected iWork package is encrypted, not broken', async () => {
		// The layout of one (the key's hint and verifier beside an Index that is not Snappy-framed).
		const file = path.join(directory, 'locked.pages')
		writeFileSync(
			file,
			zipSync({
				'.iwph': new TextEncoder().encode('hint'),
				'.iwpv2': new Uint8Array(64),
				'Index/Document.iwa': new Uint8Array([0x7a, 0x91, 0x04, 0x33]),
			}),
		)
		expect(await analyseFile(file, 'pages')).toEqual({ kind: 'manual', reason: 'encrypted' })
	})

	test('a password-protected PowerPoint 97–2003 file is encrypted, not "no text" (made by Apache POI)', async () => {
		const file = fileURLToPath(
			new URL('../../../tests/fixtures/wordcount/ppt_poi_footer_password.ppt', import.meta.url),
		)
		expect(await analyseFile(file, 'ppt')).toEqual({ kind: 'manual', reason: 'encrypted' })
	})

	test('a spreadsheet of 10,000 hidden sheets is read in one pass', async () => {
		// Each hidden sheet was cut out of the whole content.xml with a search of its own.
		const sheets = Array.from(
			{ length: 10_000 },
			(_, n) =>
				`<table:table table:name="S${n}" table:style-name="ta2"><table:table-row><table:table-cell><text:p>ord${n}</text:p></table:table-cell></table:table-row></table:table>`,
		)
		const content = `<office:document-content><office:automatic-styles><style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style></office:automatic-styles><office:body><office:spreadsheet><table:table table:name="Visible"><table:table-row><table:table-cell><text:p>synlig</text:p></table:table-cell></table:table-row></table:table>${sheets.join('')}</office:spreadsheet></office:body></office:document-content>`
		const file = path.join(directory, 'many-hidden.ods')
		writeFileSync(file, zipSync({ 'content.xml': new TextEncoder().encode(content) }))
		expect(await analyseFile(file, 'ods')).toMatchObject({
			kind: 'words',
			words: 10_001,
			hiddenSheets: 10_000,
			breakdown: { body: 1, hidden: 10_000 },
		})
	})

	test('an executable named .pdf is broken, not counted', async () => {
		const file = path.join(directory, 'program.pdf')
		writeFileSync(file, Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(4096)]))
		expect(await analyseFile(file, 'pdf')).toEqual({ kind: 'manual', reason: 'broken' })
	})

	test('images go to a person', async () => {
		expect(await analyseFile(path.join(directory, 'none.heic'), 'heic')).toEqual({ kind: 'manual', reason: 'image' })
	})
})
