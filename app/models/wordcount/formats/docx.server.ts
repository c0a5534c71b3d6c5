import { partNames, readParts } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { elementsNamed, xmlText } from '#app/models/wordcount/xml.server.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'
import { addTo, type Extracted, type Format, type PartTexts } from '#app/models/wordcount/format.server.ts'
import { openXmlPackage, zipOrContainer } from '#app/models/wordcount/formats/open-xml.server.ts'
import { drawingTexts } from '#app/models/wordcount/formats/drawings.server.ts'

const WORD_PARTS =
	/^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments|settings|charts\/chart\d+|diagrams\/data\d+)\.xml$|^word\/_rels\/document\.xml\.rels$/
const CHARTS = /^word\/charts\/chart\d+\.xml$/
const DIAGRAMS = /^word\/diagrams\/data\d+\.xml$/
const TEXT_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/
const HEADER_PART = /^word\/(header|footer)/
const WORD_PART_OF: [RegExp, CountPart][] = [
	[HEADER_PART, 'headers'],
	[/^word\/(footnotes|endnotes)/, 'notes'],
	[/^word\/comments/, 'comments'],
]
const RULES = {
	text: new Set(['w:t']),
	breaks: new Set(['w:p', 'w:tc']),
	spaces: new Set(['w:tab', 'w:br', 'w:cr']),
	skip: new Set(['mc:Fallback', 'w:delText', 'w:instrText']),
}

// Word: body, headers, footers, footnotes, endnotes, comments and text boxes; charts and SmartArt
// as in a presentation (drawings.server.ts; a chart's words were missed until 28 November 2026). Deleted text of
// tracked changes is left out; a text box's fallback copy (mc:Fallback) is not counted twice.
// Headers and footers as the pages show them, each distinct line once: only the parts a section
// uses (a first-page one where the section has a title page, even-page ones where the document
// has them), as a template's leftover header parts are never printed.
export function extractDocx(bytes: Uint8Array, budget = new Budget()): Extracted {
	const files = readParts(openXmlPackage(bytes), (name) => WORD_PARTS.test(name), budget)
	const shown = headersShown(files)
	const parts: PartTexts = {}
	const headerLines = new Set<string>()
	for (const name of partNames(files, TEXT_PARTS)) {
		const text = xmlText(files.get(name)!, RULES)
		if (!HEADER_PART.test(name)) addTo(parts, WORD_PART_OF.find(([pattern]) => pattern.test(name))?.[1] ?? 'body', text)
		else if (!shown || shown.has(name))
			for (const line of text.split('\n')) if (line.trim()) headerLines.add(line.trim())
	}
	addTo(parts, 'headers', [...headerLines].join('\n'))
	for (const text of drawingTexts(files, CHARTS, DIAGRAMS)) addTo(parts, 'charts', text)
	return { parts }
}

// An on/off property that is there and not turned off (found by indexOf: the part is the customer's).
function isOn(xml: string, name: string): boolean {
	const { value } = elementsNamed(xml, name).next()
	return value !== undefined && !/\bw:val="(?:0|false|off)"/.test(value.attributes)
}

// The header and footer parts some section shows; null when the document does not say (then all).
function headersShown(files: Map<string, string>): Set<string> | null {
	const document = files.get('word/document.xml')
	const relations = files.get('word/_rels/document.xml.rels')
	if (!document || !relations) return null
	const targets = new Map<string, string>()
	for (const { attributes } of elementsNamed(relations, 'Relationship')) {
		const id = /\bId="([^"]*)"/.exec(attributes)?.[1]
		const target = /\bTarget="([^"]*)"/.exec(attributes)?.[1]
		if (id && target) targets.set(id, `word/${target.replace(/^\/?word\//, '')}`)
	}
	const evenPages = isOn(files.get('word/settings.xml') ?? '', 'w:evenAndOddHeaders')
	const shown = new Set<string>()
	for (const section of elementsNamed(document, 'w:sectPr')) {
		const body = section.body ?? ''
		const titlePage = isOn(body, 'w:titlePg')
		for (const reference of [
			...elementsNamed(body, 'w:headerReference'),
			...elementsNamed(body, 'w:footerReference'),
		]) {
			const type = /\bw:type="([^"]*)"/.exec(reference.attributes)?.[1] ?? 'default'
			const target = targets.get(/\br:id="([^"]*)"/.exec(reference.attributes)?.[1] ?? '')
			if (target && (type === 'default' || (type === 'first' && titlePage) || (type === 'even' && evenPages)))
				shown.add(target)
		}
	}
	return shown
}

export const docx: Format = { extensions: ['docx'], sniff: zipOrContainer, extract: extractDocx }
