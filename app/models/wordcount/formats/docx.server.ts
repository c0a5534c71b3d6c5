import { partNames, readParts } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { xmlText } from '#app/models/wordcount/xml.server.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'
import { addTo, type Extracted, type Format, type PartTexts } from '#app/models/wordcount/format.server.ts'
import { openXmlPackage, zipOrContainer } from '#app/models/wordcount/formats/open-xml.server.ts'

const WORD_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/
const WORD_PART_OF: [RegExp, CountPart][] = [
	[/^word\/(header|footer)/, 'headers'],
	[/^word\/(footnotes|endnotes)/, 'notes'],
	[/^word\/comments/, 'comments'],
]

// Word: body, headers, footers, footnotes, endnotes, comments and text boxes. Deleted text of
// tracked changes is left out; a text box's fallback copy (mc:Fallback) is not counted twice.
export function extractDocx(bytes: Uint8Array, budget = new Budget()): Extracted {
	const files = readParts(openXmlPackage(bytes), (name) => WORD_PARTS.test(name), budget)
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

export const docx: Format = { extensions: ['docx'], sniff: zipOrContainer, extract: extractDocx }
