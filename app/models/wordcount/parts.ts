import { COUNT_PARTS, type CountBreakdown, type CountPart } from '#database/enums.ts'

// What a count is made of, so staff and customer can check it without counting again: the words
// of each part of a document. 'charts' is the drawing layer: charts' titles, series and categories,
// SmartArt, and a spreadsheet's text boxes. Browser-safe: the quote shows it.
export { COUNT_PARTS, type CountBreakdown, type CountPart }

// Shown in the breakdown but not in the price: CAT tools (Trados, memoQ, Phrase) import comments
// only when asked, so a translator is not paid for them unless the customer wants them translated;
// a spreadsheet's checkboxes (TRUE, FALSE) and error values (#DIV/0!) are not text to translate; a
// document embedded as an object (an Excel table on a slide) is a file of its own, which the CAT
// tools do not open, quoted when the customer wants it translated.
export type UnpricedPart = Extract<CountPart, 'embedded' | 'comments' | 'values'>
export const UNPRICED_PARTS: ReadonlySet<CountPart> = new Set<UnpricedPart>(['embedded', 'comments', 'values'])
// What the customer reads beside a part the price leaves out (quote.unpriced.*): comments and
// values always, a presentation's notes and hidden slides where the agency's settings say so.
export type LeftOutPart = UnpricedPart | Extract<CountPart, 'notes' | 'hidden'>

export const isCountPart = (value: string): value is CountPart => (COUNT_PARTS as readonly string[]).includes(value)

// The parts in the breakdown's order, each with its words and whether the price includes it: not
// a part never priced, nor one the agency's settings left out of this document's price.
export function breakdownLines(breakdown: CountBreakdown | null | undefined) {
	return COUNT_PARTS.flatMap((part) => {
		const words = breakdown?.[part]
		const priced = !UNPRICED_PARTS.has(part) && !breakdown?.leftOut?.includes(part)
		return words === undefined ? [] : [{ part, words, priced }]
	})
}

const SLIDES = new Set(['ppt', 'pptx', 'pps', 'ppsx', 'pot', 'potx', 'odp', 'key'])
const SHEETS = new Set(['xls', 'xlsx', 'xlsm', 'ods', 'numbers', 'csv'])

// A part's name as the kind of document has it: a Word file has headers and footers and
// footnotes, a presentation text on every slide and speaker notes, a spreadsheet hidden sheets.
// The message key, under quote.part.
export function partLabelKey(part: CountPart, fileName: string) {
	const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase()
	const kind = SLIDES.has(extension) ? 'Slides' : SHEETS.has(extension) ? 'Sheets' : 'Pages'
	return part === 'headers' || part === 'notes' || part === 'hidden'
		? (`quote.part.${part}${kind}` as const)
		: (`quote.part.${part}` as const)
}
