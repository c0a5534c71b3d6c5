import type { CountBreakdown } from '#app/models/wordcount/parts.ts'

// What a customer's browser (and anyone holding the address) sees of a document.
export type DocumentRow = {
	id: string
	name: string
	size: number
	extension: string
	status: 'pending' | 'counted' | 'manual'
	words: number | null
	numbers: number | null
	characters: number | null
	charactersWithSpaces: number | null
	minutes: number | null
	manualReason: string | null
	hiddenSheets: number
	hiddenSlides: number
	repeatedWords: number
	countParts: CountBreakdown | null
	correction: unknown
}

export const documentUrl = (id: string) => `/documents/${id}`

export function presentDocument(row: DocumentRow) {
	return {
		id: row.id,
		name: row.name,
		size: row.size,
		type: row.extension,
		status: row.status,
		url: documentUrl(row.id),
		words: row.words,
		numbers: row.numbers,
		characters: row.characters,
		characters_with_spaces: row.charactersWithSpaces,
		minutes: row.minutes,
		manual_reason: row.manualReason,
		hidden_sheets: row.hiddenSheets,
		hidden_slides: row.hiddenSlides,
		repeated_words: row.repeatedWords,
		// What the count is made of, and whether staff counted it again.
		parts: row.countParts,
		corrected: row.correction !== null,
	}
}

export type DocumentView = ReturnType<typeof presentDocument>

export const documentStream = (id: string) => `document:${id}`

// The spec's accepted upload extensions, exactly and in its order.
export const ACCEPTED_EXTENSIONS = [
	'pdf',
	'docx',
	'doc',
	'txt',
	'rtf',
	'odt',
	'pages',
	'jpg',
	'jpeg',
	'png',
	'xlsx',
	'xls',
	'csv',
	'ods',
	'numbers',
	'pptx',
	'ppt',
	'indd',
	'eps',
	'svg',
	'mp4',
	'mov',
	'avi',
	'srt',
	'vtt',
	'mp3',
	'wav',
	'flac',
	'heic',
] as const
