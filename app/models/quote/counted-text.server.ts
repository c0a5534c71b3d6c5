import type { Database } from '#database/client.ts'
import type { KeptFiles } from '#app/models/files/store.server.ts'
import {
	countedTextFile,
	countedTextName,
	readCountedPreviews,
	type PartPreview,
} from '#app/models/documents/counted-text.server.ts'
import type { SavedQuoteDetails } from '#app/models/quote/quote.server.ts'
import { findQuote } from '#app/models/quote/quote.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { partLabelKey, type CountPart } from '#app/models/wordcount/parts.ts'
import { LOCALES, type Locale } from '#app/utils/locales.ts'

// The text each line of a saved quote was counted from, in the lines' order (null for a line
// without: a recording, a document counted before the text was kept, one sent to a person).
export async function quotePreviews(kept: KeptFiles, details: SavedQuoteDetails): Promise<(PartPreview[] | null)[]> {
	const ids = details.documents.flatMap((document) => (document.id ? [document.id] : []))
	const previews = await readCountedPreviews(kept, ids)
	return details.documents.map((document) => (document.id ? (previews[document.id] ?? null) : null))
}

// The whole counted text of one of a quote's documents, with each part under its name in the
// page's language; only a document the quote lists (the quote's link is the key).
export async function quoteDocumentText(
	db: Database,
	kept: KeptFiles,
	quoteId: string,
	documentId: string,
	asked: string | null,
): Promise<{ text: string; name: string } | null> {
	const quote = await findQuote(db, quoteId)
	const document = quote?.details.documents.find((listed) => listed.id === documentId)
	if (!quote || !document?.id) return null
	const locale = (LOCALES.includes(asked as Locale) ? asked : quote.locale) as Locale
	const messages = await loadMessages(db, locale)
	const label = (part: CountPart) => messages[partLabelKey(part, document.name)] ?? part
	const text = await countedTextFile(kept, document.id, label)
	return text === null ? null : { text, name: countedTextName(document.name, locale) }
}
