import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { documents, quotes, requests, type CountCorrection } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { presentDocument } from '#app/models/documents/present.ts'
import { requote, type QuoteDocument } from '#app/models/quote/rules.ts'
import type { SavedQuoteDetails } from '#app/models/quote/quote.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { auditText } from '#app/models/audit/text.ts'

// What staff enter: the count they found and why it differs (kept in the audit log).
export const CountCorrectionSchema = z.object({
	words: z.coerce.number().int().min(0).max(10_000_000),
	reason: z.string().trim().min(3).max(500),
})
export type CountCorrectionInput = z.infer<typeof CountCorrectionSchema>

export class DocumentNotFound extends Error {}

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger'>

// Staff set a document's word count (a file sent to a person, or a count they checked by hand):
// the document becomes counted, the request's saved quote is priced again on its own terms, and
// the change goes to the audit log with its reason. Returns the quote's total before and after.
export async function correctDocumentCount(
	services: Services,
	staff: Pick<Staff, 'id' | 'name'>,
	target: { requestId: number; documentId: string },
	input: CountCorrectionInput,
) {
	const outcome = await services.db.transaction(async (tx) => {
		const [document] = await tx
			.select()
			.from(documents)
			.where(and(eq(documents.id, target.documentId), eq(documents.requestId, target.requestId)))
			.for('update')
		if (!document) throw new DocumentNotFound()
		const before = document.status === 'counted' ? document.words : null
		const correction: CountCorrection = {
			words: before,
			reason: input.reason,
			by: staff.name,
			at: new Date().toISOString(),
		}
		await tx
			.update(documents)
			.set({
				status: 'counted',
				words: input.words,
				repeatedWords: Math.min(document.repeatedWords, input.words),
				correction,
			})
			.where(eq(documents.id, document.id))
		const totals = await requoteRequest(tx, target.requestId)
		return { document, before, totals }
	})
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'document',
		subjectId: target.documentId,
		summary: `Word count of ${outcome.document.name}: ${outcome.before ?? '–'} → ${input.words}. ${input.reason}`,
		text: auditText('wordCountCorrected', {
			name: outcome.document.name,
			before: outcome.before === null ? '–' : { number: outcome.before },
			after: { number: input.words },
			reason: input.reason,
		}),
		changes: {
			words: { from: outcome.before, to: input.words },
			reason: input.reason,
			request: target.requestId,
			...(outcome.totals ? { quoteTotal: outcome.totals } : {}),
		},
	})
	return outcome.totals
}

type Transaction = Parameters<Parameters<AppServices['db']['transaction']>[0]>[0]

// The request's saved quote with its documents' counts as they are now.
async function requoteRequest(tx: Transaction, requestId: number) {
	const [request] = await tx.select({ quoteId: requests.quoteId }).from(requests).where(eq(requests.id, requestId))
	if (!request?.quoteId) return null
	const [quote] = await tx.select().from(quotes).where(eq(quotes.id, request.quoteId)).for('update')
	if (!quote) return null
	const details = quote.details as unknown as SavedQuoteDetails
	const current = (
		await tx
			.select()
			.from(documents)
			.where(eq(documents.requestId, requestId))
			.orderBy(asc(documents.createdAt), asc(documents.id))
	).map(presentDocument)
	// Quotes saved before documents' ids were kept in them list the documents in upload order.
	const quoted = details.documents.map((line, index): QuoteDocument => {
		const now = line.id
			? current.find((document) => document.id === line.id)
			: current[index]?.name === line.name
				? current[index]
				: undefined
		return now
			? {
					...line,
					id: now.id,
					status: now.status,
					words: now.words,
					repeated_words: now.repeated_words,
					parts: now.parts,
					corrected: now.corrected,
				}
			: line
	})
	const next = requote(details.quote, details, quoted)
	await tx
		.update(quotes)
		.set({ details: { ...details, documents: quoted, quote: next } as unknown as Record<string, unknown> })
		.where(eq(quotes.id, quote.id))
	return { from: details.quote.total, to: next.total }
}
