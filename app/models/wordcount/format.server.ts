import type { Budget } from '#app/models/wordcount/budget.server.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'

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
	// Its only text is in documents embedded in it (formats/embedded.server.ts).
	'embedded',
	'not-supported-yet',
	'complex',
] as const
export type ManualReason = (typeof MANUAL_REASONS)[number]

// The text of each part of a document (body, headers, notes…) as lines, kept apart for the breakdown.
export type PartTexts = Partial<Record<CountPart, string[]>>

export type Extracted = {
	parts: PartTexts
	hiddenSheets?: number
	hiddenSlides?: number
	// Subtitles: their running time.
	minutes?: number
	// A paged document: how many pages, so that one with too little text per page is taken for a scan.
	pages?: number
	// Whether it holds pictures at all: a page with little text and no picture is not a scan (a
	// form, a one-line notice), and is counted.
	pictures?: boolean
	// Documents it embeds as objects that its format found (a .ppt's), read by their own formats.
	objects?: Uint8Array[]
}

// A document format: the extensions it is taken by, whether the bytes can be it at all (a file that
// cannot is broken), and its text by part. Adding a format is one file and a row in formats.server.ts.
export type Format = {
	extensions: readonly string[]
	sniff: (bytes: Uint8Array) => boolean
	extract: (bytes: Uint8Array, budget: Budget, extension: string) => Extracted | Promise<Extracted>
}

// A document that cannot be read without its password, whatever its format.
export class EncryptedDocument extends Error {}

// A document a person must quote for a reason its format found (no readable content of a kind we count).
export class NotCountable extends Error {
	readonly reason: ManualReason
	constructor(reason: ManualReason) {
		super(reason)
		this.reason = reason
	}
}

// Adds a line of text to a part.
export function addTo(parts: PartTexts, part: CountPart, text: string) {
	if (text) (parts[part] ??= []).push(text)
}

export const plain = (text: string): Extracted => ({ parts: { body: [text] } })

export const anyBytes = () => true
