// What each reference tool reads of a document, and our count without the parts it leaves out: a
// difference of policy (speaker notes, hidden slides, headers once) is measured apart from a miss,
// and every part taken out is listed with the reason we count it.
import { UNPRICED_PARTS, type CountPart } from '#app/models/wordcount/parts.ts'
import { referenceRule } from '#bench/wordcount/rule.ts'

const PRESENTATIONS = new Set(['ppt', 'pptx'])
// The parts of a document a reference tool reads (corpus README, and LibreOffice 7.4's own exports).
export function partsReadBy(tool: string, format: string): CountPart[] {
	switch (tool) {
		case 'soffice-pdf-pdftotext':
			// The PDF route draws an embedded object's picture, whose letters pdftotext reads.
			return PRESENTATIONS.has(format)
				? ['body', 'headers', 'charts', 'embedded']
				: ['body', 'headers', 'notes', 'charts', 'embedded']
		case 'soffice-txt':
			return ['body']
		case 'pandoc-plain':
			return ['body', 'notes']
		case 'soffice-csv-allsheets':
		case 'xls2csv':
			return ['body', 'hidden', 'values']
		default:
			return ['body', 'headers', 'notes', 'hidden', 'charts']
	}
}

// Why we count a part a tool leaves out (docs/word-count.md).
export const WHY: Record<CountPart, string> = {
	body: '',
	headers: 'headers, footers and master text are translated, once',
	notes: 'speaker notes, footnotes and endnotes are translated',
	hidden: 'hidden slides are counted and reported (the customer decides)',
	charts: 'text in charts and text boxes is translated',
	embedded: 'not priced: an embedded document is quoted when the customer asks for it',
	comments: 'not priced',
	values: 'not priced: TRUE, FALSE and error values are not text to translate',
}

// leftOut: parts we price that the tool does not read; readBeyond: parts the tool reads that we
// do not price (checkbox and error values); generated: the words of list numbers and slide fields
// the tool prints, which nobody typed and the count leaves out (generated.ts).
export type Policy = {
	tool: string
	count: number
	adjusted: number
	gap: number
	leftOut: { part: CountPart; words: number }[]
	readBeyond: { part: CountPart; words: number }[]
	generated: number
}

// The routes that print a list's numbers and a slide's fields.
const PRINTS_GENERATED = new Set(['soffice-txt', 'soffice-pdf-pdftotext', 'pandoc-plain'])

// Against every tool the corpus has for the file: our text without the parts that tool leaves out.
export function nearestAfterPolicy(
	format: string,
	partTexts: Partial<Record<CountPart, string>>,
	refs: Map<string, number>,
	generatedText = '',
): Policy | null {
	let best: Policy | null = null
	for (const [tool, count] of refs) {
		if (!count) continue
		const reads = new Set(partsReadBy(tool, format))
		const parts = Object.entries(partTexts).map(([part, text]) => ({
			part: part as CountPart,
			words: referenceRule(text),
		}))
		const generated = PRINTS_GENERATED.has(tool) ? referenceRule(generatedText) : 0
		const adjusted = parts.reduce((sum, { part, words }) => sum + (reads.has(part) ? words : 0), generated)
		const leftOut = parts.filter(({ part }) => !reads.has(part) && !UNPRICED_PARTS.has(part))
		const readBeyond = parts.filter(({ part }) => reads.has(part) && UNPRICED_PARTS.has(part))
		const gap = (adjusted - count) / count
		if (!best || Math.abs(gap) < Math.abs(best.gap))
			best = { tool, count, adjusted, gap, leftOut, readBeyond, generated }
	}
	return best
}
