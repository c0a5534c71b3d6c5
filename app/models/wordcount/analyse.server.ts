import { readFile } from 'node:fs/promises'
import { parseFile } from 'music-metadata'
import WordExtractor from 'word-extractor'
import { isCompoundFile, isZip, readBinaryPart } from '#app/models/wordcount/archive.server.ts'
import { Budget, OverBudgetError } from '#app/models/wordcount/budget.server.ts'
import { countText, type TextCount } from '#app/models/wordcount/count.server.ts'
import { COUNT_PARTS, UNPRICED_PARTS, type CountBreakdown, type CountPart } from '#app/models/wordcount/parts.ts'
import { decodeText } from '#app/models/wordcount/decode.server.ts'
import {
	EncryptedError,
	extractDocx,
	extractIworkXml,
	extractOdf,
	extractXlsx,
	type Extracted,
} from '#app/models/wordcount/office.server.ts'
import { extractPptx } from '#app/models/wordcount/pptx.server.ts'
import { extractIworkArchive, isPasswordProtectedIwork } from '#app/models/wordcount/iwork.server.ts'
import {
	extractPpt,
	extractXls,
	isEncryptedDoc,
	LegacyEncryptedError,
} from '#app/models/wordcount/legacy-office.server.ts'
import { extractPdf, PdfPasswordError } from '#app/models/wordcount/pdf.server.ts'
import { extractRtf } from '#app/models/wordcount/rtf.server.ts'
import { extractCues, subtitleMinutes } from '#app/models/wordcount/subtitles.server.ts'
import { xmlText } from '#app/models/wordcount/xml.server.ts'

// Why a file gets a quote from a person instead of a count (shown to the customer).
// 'complex': the file unpacks past the document's budget, or its count ran past the worker's time
// or memory limit. ('too-large' was given to archive bombs before they shared that budget.)
export const MANUAL_REASONS = [
	'image',
	'scanned',
	'encrypted',
	'broken',
	'too-large',
	'no-text',
	'not-supported-yet',
	'complex',
] as const
export type ManualReason = (typeof MANUAL_REASONS)[number]

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
type Options = { partTexts?: boolean; budgetBytes?: number }

export async function analyseFile(path: string, extension: string, options: Options = {}): Promise<Analysis> {
	const type = extension.toLowerCase()
	if (IMAGES.has(type)) return manual('image')
	if (MEDIA.has(type)) return analyseMedia(path)
	try {
		const analysis = await analyseText(path, type, options)
		// A document in which nothing countable was found is looked at by a person, never priced as empty.
		return analysis.kind === 'words' && analysis.words === 0 && analysis.minutes === undefined
			? manual('no-text')
			: analysis
	} catch (error) {
		if (error instanceof EncryptedError || error instanceof PdfPasswordError || error instanceof LegacyEncryptedError)
			return manual('encrypted')
		if (error instanceof OverBudgetError) return manual('complex')
		return manual('broken')
	}
}

async function analyseText(path: string, type: string, options: Options): Promise<Analysis> {
	const bytes = new Uint8Array(await readFile(path))
	// One budget for all that the document unpacks, whichever extractors read it.
	const budget = new Budget(options.budgetBytes)
	const counted = (extracted: Extracted, minutes?: number): Analysis => ({
		kind: 'words',
		...countParts(extracted, options),
		hiddenSheets: extracted.hiddenSheets ?? 0,
		hiddenSlides: extracted.hiddenSlides ?? 0,
		...(minutes === undefined ? {} : { minutes }),
	})
	const plain = (text: string): Extracted => ({ parts: { body: [text] } })
	switch (type) {
		case 'txt':
		case 'csv':
			return counted(plain(decodeText(bytes)))
		case 'srt':
		case 'vtt': {
			const source = decodeText(bytes)
			return counted(plain(extractCues(source)), subtitleMinutes(source))
		}
		case 'svg':
			return counted(
				plain(
					xmlText(decodeText(bytes), {
						text: new Set(['text', 'title', 'desc']),
						breaks: new Set(['text', 'tspan', 'title', 'desc']),
					}),
				),
			)
		case 'rtf':
			return counted(plain(extractRtf(Buffer.from(bytes).toString('latin1'))))
		case 'docx':
		case 'xlsx':
		case 'pptx':
			// An encrypted Office document is an OLE container, not a ZIP.
			if (isCompoundFile(bytes)) return manual('encrypted')
			return counted(
				type === 'docx'
					? extractDocx(bytes, budget)
					: type === 'xlsx'
						? extractXlsx(bytes, budget)
						: extractPptx(bytes, budget),
			)
		case 'odt':
		case 'ods':
			return counted(extractOdf(bytes, budget))
		case 'doc': {
			if (!isCompoundFile(bytes)) return manual('broken')
			// (Its sector chains are checked there, before either reader follows them.)
			if (isEncryptedDoc(bytes, budget)) return manual('encrypted')
			const document = await new WordExtractor().extract(Buffer.from(bytes))
			return counted({
				parts: {
					body: [document.getBody(), document.getTextboxes({ includeHeadersAndFooters: true })],
					headers: [document.getHeaders({ includeFooters: true })],
					notes: [document.getFootnotes(), document.getEndnotes()],
					comments: [document.getAnnotations()],
				},
			})
		}
		case 'pdf': {
			const { text, pages } = await extractPdf(bytes, budget)
			const analysis = counted(plain(text))
			if (analysis.kind === 'words' && analysis.characters < MIN_CHARACTERS_PER_PAGE * pages) return manual('scanned')
			return analysis
		}
		case 'ppt':
		case 'xls':
			if (!isCompoundFile(bytes)) return manual('broken')
			return counted(type === 'ppt' ? extractPpt(bytes, budget) : extractXls(bytes, budget))
		case 'pages':
		case 'numbers': {
			if (!isZip(bytes)) return manual('broken')
			if (isPasswordProtectedIwork(bytes, budget)) return manual('encrypted')
			// Pages keeps a PDF of its pages (what the customer sees); its XML also holds template text.
			const preview = type === 'pages' ? readBinaryPart(bytes, 'QuickLook/Preview.pdf', budget) : null
			if (preview) return counted(plain((await extractPdf(preview, budget)).text))
			const extracted = extractIworkXml(bytes, type, budget) ?? extractIworkArchive(bytes, budget)
			return extracted ? counted(extracted) : manual('not-supported-yet')
		}
		default:
			if (!isZip(bytes) && !isCompoundFile(bytes) && type !== 'pages' && type !== 'numbers') return manual('broken')
			return manual('not-supported-yet')
	}
}

// Each part counted on its own; the totals and the text are those of the priced parts.
function countParts(
	extracted: Extracted,
	options: Options,
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
		if (UNPRICED_PARTS.has(part)) continue
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
