import { partNames, readParts } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { elementsNamed, xmlText } from '#app/models/wordcount/xml.server.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'

// The text of each part of a document (body, headers, notes…) as lines, kept apart for the breakdown.
export type PartTexts = Partial<Record<CountPart, string[]>>
export type Extracted = { parts: PartTexts; hiddenSheets?: number; hiddenSlides?: number }

// Adds a line of text to a part.
export function addTo(parts: PartTexts, part: CountPart, text: string) {
	if (text) (parts[part] ??= []).push(text)
}

const WORD_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/
const WORD_PART_OF: [RegExp, CountPart][] = [
	[/^word\/(header|footer)/, 'headers'],
	[/^word\/(footnotes|endnotes)/, 'notes'],
	[/^word\/comments/, 'comments'],
]

// Word: body, headers, footers, footnotes, endnotes, comments and text boxes. Deleted text of
// tracked changes is left out; a text box's fallback copy (mc:Fallback) is not counted twice.
export function extractDocx(bytes: Uint8Array, budget = new Budget()): Extracted {
	const files = readParts(bytes, (name) => WORD_PARTS.test(name), budget)
	const parts: PartTexts = {}
	for (const name of partNames(files, WORD_PARTS)) {
		const text = xmlText(files.get(name)!, {
			text: new Set(['w:t']),
			breaks: new Set(['w:p', 'w:tc']),
			spaces: new Set(['w:tab', 'w:br', 'w:cr']),
			skip: new Set(['mc:Fallback', 'w:delText', 'w:instrText']),
		})
		addTo(parts, WORD_PART_OF.find(([pattern]) => pattern.test(name))?.[1] ?? 'body', text)
	}
	return { parts }
}

const SHEET_PARTS =
	/^xl\/(workbook|sharedStrings|worksheets\/sheet\d+|drawings\/drawing\d+|comments\d*)\.xml$|^xl\/_rels\/workbook\.xml\.rels$/

// Excel: every cell of every sheet (shared strings as often as they are used, numbers too) and
// text boxes (with charts: the drawing layer); the cells of hidden sheets are their own part;
// comments are read, as a part the price leaves out.
export function extractXlsx(bytes: Uint8Array, budget = new Budget()): Extracted {
	const files = readParts(bytes, (name) => SHEET_PARTS.test(name), budget)
	const shared = [...elementsNamed(files.get('xl/sharedStrings.xml') ?? '', 'si')].map(({ body }) =>
		xmlText(`<si>${body ?? ''}</si>`, { text: new Set(['t']), breaks: new Set(), skip: new Set(['rPh']) }),
	)
	const hidden = hiddenSheetParts(files)
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
			else if (value !== undefined) lines.push(decodeEntities(value))
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

const ODF_PARTS = /^(content|styles)\.xml$|^META-INF\/manifest\.xml$/

export class EncryptedError extends Error {}

// OpenDocument text and spreadsheets: the body, headers and footers of the page styles,
// footnotes and endnotes (without their marks); annotations (comments) apart. An encrypted package cannot be read.
export function extractOdf(bytes: Uint8Array, budget = new Budget()): Extracted {
	const files = readParts(bytes, (name) => ODF_PARTS.test(name), budget)
	if (/manifest:encryption-data/.test(files.get('META-INF/manifest.xml') ?? '')) throw new EncryptedError()
	const rules = {
		text: new Set(['office:body', 'style:header', 'style:footer', 'style:header-left', 'style:footer-left']),
		breaks: new Set(['text:p', 'text:h', 'table:table-cell']),
		spaces: new Set(['text:s', 'text:tab', 'text:line-break']),
		skip: new Set(['text:tracked-changes', 'office:forms', 'office:annotation', 'text:note']),
	}
	const notRead = new Set(['text:tracked-changes', 'office:forms', 'office:annotation'])
	const styles = files.get('styles.xml') ?? ''
	const hidden = hiddenTables(files.get('content.xml') ?? '')
	const content = without(files.get('content.xml') ?? '', hidden)
	const parts: PartTexts = {}
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
	return { parts, hiddenSheets: hidden.length }
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

function decodeEntities(value: string): string {
	return value.replace(
		/&(lt|gt|amp|quot|apos);/g,
		(_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!,
	)
}

const IWORK_PARTS = /^(index\.xml|QuickLook\/Preview\.pdf)$/

// iWork '09 Pages and Numbers keep their content in index.xml: Pages as text storages, Numbers as
// cells whose text is an attribute. Newer iWork files keep it in a binary format: those go to a
// person (as does a file with neither).
export function extractIworkXml(bytes: Uint8Array, kind: 'pages' | 'numbers', budget = new Budget()): Extracted | null {
	const parts = readParts(bytes, (name) => IWORK_PARTS.test(name), budget)
	const xml = parts.get('index.xml')
	if (!xml) return null
	if (kind === 'pages') {
		// Ghost text is the template's placeholder, shown greyed until the author types.
		const body = xmlText(xml, {
			text: new Set(['sf:text-storage']),
			breaks: new Set(['sf:p']),
			spaces: new Set(['sf:tab', 'sf:br', 'sf:lnbr', 'sf:crbr']),
			skip: new Set(['sf:ghost-text']),
		})
		return { parts: { body: [body] } }
	}
	const cells = [...xml.matchAll(/<sf:(?:ct|so)\b[^<>]*\bsfa:s="([^"<]*)"|<sf:[nd]\b[^<>]*\bsf:v="([^"<]*)"/g)].map(
		(match) => decodeEntities(match[1] ?? match[2] ?? ''),
	)
	return { parts: { body: cells } }
}
