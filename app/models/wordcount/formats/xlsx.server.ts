import { partNames, readParts } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { elementsNamed, xmlText, decodeEntities } from '#app/models/wordcount/xml.server.ts'
import { addTo, type Extracted, type Format, type PartTexts } from '#app/models/wordcount/format.server.ts'
import { BUILT_IN_FORMATS, compileFormat } from '#app/models/wordcount/formats/cell-format.server.ts'
import { openXmlPackage, zipOrContainer } from '#app/models/wordcount/formats/open-xml.server.ts'

const SHEET_PARTS =
	/^xl\/(workbook|sharedStrings|styles|worksheets\/sheet\d+|drawings\/drawing\d+|comments\d*)\.xml$|^xl\/_rels\/workbook\.xml\.rels$/

// Excel: every cell of every sheet (shared strings as often as they are used, numbers as the cell
// shows them: its number format applied) and
// text boxes (with charts: the drawing layer); the cells of hidden sheets are their own part;
// comments are read, as a part the price leaves out.
export function extractXlsx(bytes: Uint8Array, budget = new Budget()): Extracted {
	const files = readParts(openXmlPackage(bytes), (name) => SHEET_PARTS.test(name), budget)
	const shared = [...elementsNamed(files.get('xl/sharedStrings.xml') ?? '', 'si')].map(({ body }) =>
		xmlText(`<si>${body ?? ''}</si>`, { text: new Set(['t']), breaks: new Set(), skip: new Set(['rPh']) }),
	)
	const hidden = hiddenSheetParts(files)
	const shown = cellFormats(files)
	const parts: PartTexts = {}
	// Checkbox and error cells, one word each: shown, not priced.
	const values: string[] = []
	for (const name of partNames(files, /^xl\/worksheets\/sheet\d+\.xml$/)) {
		const lines: string[] = []
		for (const cell of elementsNamed(files.get(name)!, 'c')) {
			const type = /\bt="(\w+)"/.exec(cell.attributes)?.[1]
			const body = cell.body ?? ''
			const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1]
			if (type === 's' && value !== undefined) lines.push(shared[Number(value)] ?? '')
			else if (type === 'inlineStr')
				lines.push(
					xmlText(`<is>${/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? ''}</is>`, {
						text: new Set(['t']),
						breaks: new Set(),
					}),
				)
			else if (type === 'b' || type === 'e') values.push(type === 'b' ? (value === '1' ? 'TRUE' : 'FALSE') : 'ERROR')
			else if (value !== undefined)
				lines.push(
					type === 'str'
						? decodeEntities(value)
						: shown(decodeEntities(value), /\bs="(\d+)"/.exec(cell.attributes)?.[1]),
				)
		}
		addTo(parts, hidden.has(name) ? 'hidden' : 'body', lines.join('\n'))
	}
	for (const name of partNames(files, /^xl\/(drawings\/drawing\d+|comments\d*)\.xml$/)) {
		const text = xmlText(files.get(name)!, { text: new Set(['a:t', 't']), breaks: new Set(['a:p', 'comment']) })
		// A text box floats over the cells, in the drawing layer, like a chart.
		addTo(parts, name.startsWith('xl/comments') ? 'comments' : 'charts', text)
	}
	addTo(parts, 'values', values.join('\n'))
	return { parts, hiddenSheets: hidden.size }
}

// A number cell's text as shown: the format its style (s="N", an index into cellXfs) names, one of
// the workbook's own (numFmts) or one Excel has by number. A formula's string result is text.
function cellFormats(files: Map<string, string>) {
	const styles = files.get('xl/styles.xml') ?? ''
	const codes = new Map<number, string>()
	for (const { attributes } of elementsNamed(styles, 'numFmt')) {
		const id = /\bnumFmtId="(\d+)"/.exec(attributes)?.[1]
		const code = /\bformatCode="([^"]*)"/.exec(attributes)?.[1]
		if (id && code !== undefined) codes.set(Number(id), decodeEntities(code))
	}
	const start = styles.indexOf('<cellXfs')
	const cellXfs = start < 0 ? '' : styles.slice(start, styles.indexOf('</cellXfs>', start) >>> 0)
	const date1904 = /<workbookPr\b[^>]*\bdate1904="(1|true)"/.test(files.get('xl/workbook.xml') ?? '')
	const compiled = new Map<number, (value: number) => string>()
	const formats = [...elementsNamed(cellXfs, 'xf')].map(({ attributes }) => {
		const id = Number(/\bnumFmtId="(\d+)"/.exec(attributes)?.[1] ?? 0)
		if (!compiled.has(id)) compiled.set(id, compileFormat(codes.get(id) ?? BUILT_IN_FORMATS[id], date1904))
		return compiled.get(id)!
	})
	return (value: string, style: string | undefined) => {
		const number = Number(value)
		if (!value.trim() || !Number.isFinite(number)) return value
		return (formats[Number(style ?? 0)] ?? String)(number)
	}
}

// The worksheet parts of the sheets the workbook hides, through the workbook's relations.
function hiddenSheetParts(files: Map<string, string>): Set<string> {
	const targets = new Map(
		[...elementsNamed(files.get('xl/_rels/workbook.xml.rels') ?? '', 'Relationship')].map(({ attributes }) => [
			/\bId="([^"]*)"/.exec(attributes)?.[1],
			(/\bTarget="([^"]*)"/.exec(attributes)?.[1] ?? '').replace(/^\/?(xl\/)?/, 'xl/'),
		]),
	)
	const hidden = new Set<string>()
	for (const { attributes } of elementsNamed(files.get('xl/workbook.xml') ?? '', 'sheet')) {
		if (!/\bstate="(hidden|veryHidden)"/.test(attributes)) continue
		const target = targets.get(/\br:id="([^"]*)"/.exec(attributes)?.[1])
		hidden.add(target ?? `hidden sheet ${hidden.size}`)
	}
	return hidden
}

export const xlsx: Format = { extensions: ['xlsx'], sniff: zipOrContainer, extract: extractXlsx }
