import { readParts } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { elementsNamed, xmlText } from '#app/models/wordcount/xml.server.ts'
import { addTo, anyBytes, EncryptedDocument } from '#app/models/wordcount/format.server.ts'
import type { Extracted, Format, PartTexts } from '#app/models/wordcount/format.server.ts'

// Fields show a value the program fills in (a page number, the sheet's name, today's date): not text
// to translate. LibreOffice's default page style puts two in every spreadsheet's header and footer.
const FIELDS = [
	'text:page-number',
	'text:page-count',
	'text:sheet-name',
	'text:date',
	'text:time',
	'text:file-name',
	'text:title',
]

const ODF_PARTS = /^(content|styles)\.xml$|^META-INF\/manifest\.xml$|^Object \d+\/content\.xml$/
// A chart is a document of its own inside the package (Object 1/content.xml, …).
const OBJECT_PART = /^Object \d+\/content\.xml$/

// OpenDocument text and spreadsheets: the body, headers and footers of the page styles,
// footnotes and endnotes (without their marks); annotations (comments) apart. An encrypted package cannot be read.
export function extractOdf(bytes: Uint8Array, budget = new Budget()): Extracted {
	const files = readParts(bytes, (name) => ODF_PARTS.test(name), budget)
	if (/manifest:encryption-data/.test(files.get('META-INF/manifest.xml') ?? '')) throw new EncryptedDocument()
	const rules = {
		text: new Set(['office:body', 'style:header', 'style:footer', 'style:header-left', 'style:footer-left']),
		breaks: new Set(['text:p', 'text:h', 'table:table-cell']),
		spaces: new Set(['text:s', 'text:tab', 'text:line-break']),
		skip: new Set(['text:tracked-changes', 'office:forms', 'office:annotation', 'text:note', ...FIELDS]),
	}
	const notRead = new Set(['text:tracked-changes', 'office:forms', 'office:annotation', ...FIELDS])
	const styles = files.get('styles.xml') ?? ''
	const { xml: cellsKept, values } = withoutValueCells(files.get('content.xml') ?? '')
	const hidden = hiddenTables(cellsKept)
	const content = without(cellsKept, hidden)
	const parts: PartTexts = { values }
	addTo(parts, 'body', content && xmlText(content, rules))
	if (hidden.length)
		addTo(parts, 'hidden', xmlText(`<hidden>${hidden.join('')}</hidden>`, { ...rules, text: new Set(['table:table']) }))
	addTo(parts, 'headers', styles && xmlText(styles, rules))
	// A footnote or endnote sits inside its paragraph, after its mark; it is read apart, as notes.
	addTo(parts, 'notes', content && xmlText(content, { ...rules, text: new Set(['text:note-body']), skip: notRead }))
	addTo(
		parts,
		'comments',
		content &&
			xmlText(content, { ...rules, text: new Set(['office:annotation']), skip: new Set(['dc:creator', 'dc:date']) }),
	)
	for (const [name, xml] of files) if (OBJECT_PART.test(name)) addTo(parts, 'charts', chartText(xml))
	return { parts, hiddenSheets: hidden.length }
}

// A chart's text, each line once: its titles (chart, subtitle, axes) and the labels of its own copy
// of the data (series names and categories: the table's text cells); not its numbers, nor the
// cell ranges it notes beside them. Nothing for an embedded object that is not a chart.
function chartText(xml: string): string {
	if (!xml.includes('<office:chart')) return ''
	const lines = new Set<string>()
	const read = (body: string | null) =>
		xmlText(`<c>${body ?? ''}</c>`, { text: new Set(['c']), breaks: new Set(['text:p']), skip: new Set(['draw:g']) })
	for (const name of ['chart:title', 'chart:subtitle'])
		for (const { body } of elementsNamed(xml, name)) lines.add(read(body).trim())
	for (const { attributes, body } of elementsNamed(xml, 'table:table-cell'))
		if (/\boffice:value-type="string"/.test(attributes)) lines.add(read(body).trim())
	lines.delete('')
	return [...lines].join('\n')
}

// The sheets a spreadsheet hides (their table style says table:display="false"), as they are
// written in content.xml. A spreadsheet's sheets are not nested, so each is found whole.
function hiddenTables(content: string): string[] {
	const hiddenStyles = new Set<string>()
	for (const style of elementsNamed(content, 'style:style')) {
		const name = /\bstyle:name="([^"]*)"/.exec(style.attributes)?.[1]
		if (name && /\bstyle:family="table"/.test(style.attributes) && /\btable:display="false"/.test(style.body ?? ''))
			hiddenStyles.add(name)
	}
	if (hiddenStyles.size === 0) return []
	return [...elementsNamed(content, 'table:table')]
		.filter(({ attributes }) => hiddenStyles.has(/\btable:style-name="([^"]*)"/.exec(attributes)?.[1] ?? ''))
		.map(({ attributes, body }) => `<table:table${attributes}>${body ?? ''}</table:table>`)
}

// A spreadsheet's checkbox (boolean) and error cells (#DIV/0!, #NUM!) are shown, not priced, as in
// xlsx: they are taken out of the sheet, their text kept apart.
const VALUE_CELL = /\b(?:office|calcext):value-type="(?:boolean|error)"/
function withoutValueCells(content: string): { xml: string; values: string[] } {
	const cells = [...elementsNamed(content, 'table:table-cell')].filter(({ attributes }) => VALUE_CELL.test(attributes))
	const values = cells.map(({ body }) =>
		xmlText(`<c>${body ?? ''}</c>`, { text: new Set(['c']), breaks: new Set() }).trim(),
	)
	const xml = without(
		content,
		cells.map(({ attributes, body }) =>
			body === null ? `<table:table-cell${attributes}/>` : `<table:table-cell${attributes}>${body}</table:table-cell>`,
		),
	)
	return { xml, values: values.filter(Boolean) }
}

// The XML without the given elements, which occur in it in this order: one pass, however many.
function without(xml: string, elements: string[]): string {
	const kept: string[] = []
	let cursor = 0
	for (const element of elements) {
		const at = xml.indexOf(element, cursor)
		if (at < 0) continue
		kept.push(xml.slice(cursor, at))
		cursor = at + element.length
	}
	kept.push(xml.slice(cursor))
	return kept.join('')
}

export const odf: Format = { extensions: ['odt', 'ods'], sniff: anyBytes, extract: extractOdf }
