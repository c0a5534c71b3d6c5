import { readFile } from 'node:fs/promises'
import { parseFile } from 'music-metadata'
import { isCompoundFile, isZip } from '#app/models/wordcount/archive.server.ts'
import { Budget, OverBudgetError } from '#app/models/wordcount/budget.server.ts'
import { countText, type TextCount } from '#app/models/wordcount/count.server.ts'
import { COUNT_PARTS, UNPRICED_PARTS, type CountBreakdown, type CountPart } from '#app/models/wordcount/parts.ts'
import {
	addTo,
	EncryptedDocument,
	NotCountable,
	type Extracted,
	type ManualReason,
} from '#app/models/wordcount/format.server.ts'
import { formatOf } from '#app/models/wordcount/formats.server.ts'
import { embeddedTexts } from '#app/models/wordcount/formats/embedded.server.ts'
import { actualOfficeType } from '#app/models/wordcount/formats/disguise.server.ts'
import { holdsPictures } from '#app/models/wordcount/formats/pictures.server.ts'

export { MANUAL_REASONS, type ManualReason } from '#app/models/wordcount/format.server.ts'

export type Analysis =
	| {
			kind: 'words'
			words: number
			numbers: number
			characters: number
			charactersWithSpaces: number
			cjkCharacters: number
			hiddenSheets: number
			hiddenSlides: number
			// Words per part (body, notes, headers and footers, hidden, charts, comments).
			breakdown: CountBreakdown
			minutes?: number
			// The priced text, kept for finding sentences repeated across the customer's files.
			text: string
			// Each part's text, only when asked for (bench/wordcount compares it with the references).
			partTexts?: Partial<Record<CountPart, string>>
	  }
	| { kind: 'minutes'; minutes: number }
	| { kind: 'manual'; reason: ManualReason }

const MEDIA = new Set(['mp3', 'wav', 'flac', 'mp4', 'mov', 'avi'])
const IMAGES = new Set(['jpg', 'jpeg', 'png', 'heic', 'eps', 'indd'])
// A PDF page with less text than this is taken for a scanned image.
const MIN_CHARACTERS_PER_PAGE = 20

// budgetBytes: what the document may unpack (bench/wordcount-bombs compares with none).
// leaveOut: a presentation's parts the agency counts without pricing (its settings: speaker notes,
// hidden slides); a Word file's footnotes are notes too, and stay priced.
export type Options = { partTexts?: boolean; budgetBytes?: number; leaveOut?: PresentationPart[] }
export type PresentationPart = Extract<CountPart, 'notes' | 'hidden'>
const PRESENTATIONS = new Set(['ppt', 'pptx'])

export async function analyseFile(path: string, extension: string, options: Options = {}): Promise<Analysis> {
	const type = extension.toLowerCase()
	if (IMAGES.has(type)) return manual('image')
	if (MEDIA.has(type)) return analyseMedia(path)
	try {
		return await analyseText(path, type, options)
	} catch (error) {
		if (error instanceof EncryptedDocument) return manual('encrypted')
		if (error instanceof NotCountable) return manual(error.reason)
		if (error instanceof OverBudgetError) return manual('complex')
		return manual('broken')
	}
}

// The document's format (by its extension) reads it; a file whose bytes cannot be that format is
// broken, an unknown one in a known container is not supported yet.
async function analyseText(path: string, type: string, options: Options): Promise<Analysis> {
	const bytes = new Uint8Array(await readFile(path))
	// One budget for all that the document unpacks, whichever extractors read it.
	const budget = new Budget(options.budgetBytes)
	const actual = actualOfficeType(bytes, type, budget)
	const format = formatOf(actual)
	if (!format) return manual(isZip(bytes) || isCompoundFile(bytes) ? 'not-supported-yet' : 'broken')
	if (!format.sniff(bytes)) return manual('broken')
	const extracted = await format.extract(bytes, budget, actual)
	for (const text of await embeddedTexts(actual, bytes, extracted.objects ?? [], budget, formatOf))
		addTo(extracted.parts, 'embedded', text)
	const leftOut = new Set<CountPart>(PRESENTATIONS.has(actual) ? (options.leaveOut ?? []) : [])
	const counted = countParts(extracted, options, leftOut)
	if (isScan(extracted, counted.characters)) return manual('scanned')
	if (!counted.words && extracted.minutes === undefined)
		return manual(nothingPriced(counted.breakdown, extracted, () => holdsPictures(bytes, budget)))
	return {
		kind: 'words',
		...counted,
		hiddenSheets: extracted.hiddenSheets ?? 0,
		hiddenSlides: extracted.hiddenSlides ?? 0,
		...(extracted.minutes === undefined ? {} : { minutes: extracted.minutes }),
	}
}

// A document with nothing to price is looked at by a person, never priced as empty, and the reason
// says where its text is: in documents embedded in it; in its pictures, when nothing at all was
// read but pictures (a scanned page in Word, a deck of photographs); else nowhere we could find.
// A deck whose only text is notes left out of the price, or a file of comments alone, is no-text.
function nothingPriced(breakdown: CountBreakdown, extracted: Extracted, hasPictures: () => boolean): ManualReason {
	if (breakdown.embedded) return 'embedded'
	const readNothing = Object.keys(breakdown).length === 0
	return readNothing && extracted.pages === undefined && hasPictures() ? 'image' : 'no-text'
}

// Too little text per page for its pages, and pictures that may hold the rest. A page with a few
// words and no picture at all (a form, a notice, a label) is counted; with no words, no-text.
const isScan = ({ pages, pictures }: Extracted, characters: number) =>
	pages !== undefined && characters < MIN_CHARACTERS_PER_PAGE * pages && pictures !== false

// Each part counted on its own; the totals and the text are those of the priced parts.
function countParts(
	extracted: Extracted,
	options: Options,
	leftOut: ReadonlySet<CountPart>,
): TextCount & { breakdown: CountBreakdown; text: string; partTexts?: Partial<Record<CountPart, string>> } {
	const total: TextCount = { words: 0, numbers: 0, characters: 0, charactersWithSpaces: 0, cjkCharacters: 0 }
	const breakdown: CountBreakdown = {}
	const priced: string[] = []
	const partTexts: Partial<Record<CountPart, string>> = {}
	for (const part of COUNT_PARTS) {
		const lines = extracted.parts[part]?.filter(Boolean)
		if (!lines?.length) continue
		const text = lines.join('\n')
		if (options.partTexts) partTexts[part] = text
		const count = countText(text)
		if (count.words === 0) continue
		breakdown[part] = count.words
		if (leftOut.has(part)) breakdown.leftOut = [...(breakdown.leftOut ?? []), part]
		if (UNPRICED_PARTS.has(part) || leftOut.has(part)) continue
		for (const key of Object.keys(total) as (keyof TextCount)[]) total[key] += count[key]
		priced.push(text)
	}
	return { ...total, breakdown, text: priced.join('\n'), ...(options.partTexts ? { partTexts } : {}) }
}

async function analyseMedia(path: string): Promise<Analysis> {
	try {
		const { format } = await parseFile(path, { duration: true, skipCovers: true })
		if (!format.duration) return manual('broken')
		return { kind: 'minutes', minutes: Math.round((format.duration / 60) * 10) / 10 }
	} catch {
		return manual('broken')
	}
}

function manual(reason: ManualReason): Analysis {
	return { kind: 'manual', reason }
}
