import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { documents, requests } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { receiveFile, type MultipartSource } from '#app/models/documents/upload.server.ts'
import { RequestNotFound } from '#app/models/request/inbox.server.ts'
import { QuoteRefused, saveQuote } from '#app/models/quote/quote.server.ts'
import type { Locale } from '#app/utils/locales.ts'
import { auditText } from '#app/models/audit/text.ts'

type Actor = Pick<Staff, 'id' | 'name'>
type Services = Pick<AppServices, 'db' | 'documentsDir' | 'files' | 'enqueueAnalysis' | 'broadcast' | 'logger'>

// The order in progress a request's documents belong to (the customer's, or one made for staff's).
async function draftOf(db: Services['db'], requestId: number): Promise<string> {
	const [first] = await db
		.select({ draftId: documents.draftId })
		.from(documents)
		.where(eq(documents.requestId, requestId))
		.orderBy(asc(documents.createdAt))
		.limit(1)
	return first?.draftId ?? randomUUID()
}

async function requestRow(db: Services['db'], id: number) {
	const [row] = await db.select().from(requests).where(eq(requests.id, id))
	if (!row) throw new RequestNotFound()
	return row
}

// A document the customer mailed instead of uploading: staff add it to the request; it is checked
// and counted as a customer's upload is.
export async function addRequestDocument(
	services: Services,
	staff: Actor,
	requestId: number,
	source: MultipartSource,
	limitMib: number,
) {
	const { db } = services
	const request = await requestRow(db, requestId)
	const draftId = await draftOf(db, requestId)
	const row = await receiveFile(source, services.files, services.documentsDir, limitMib, (file, moveIntoPlace) =>
		db.transaction(async (tx) => {
			const [inserted] = await tx
				.insert(documents)
				.values({ ...file, draftId, requestId })
				.returning()
			await moveIntoPlace()
			return inserted!
		}),
	)
	services.enqueueAnalysis(row.id)
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'request',
		subjectId: requestId,
		summary: `Request ${request.reference}: added ${row.name}`,
		text: auditText('requestDocumentAdded', { reference: request.reference, name: row.name }),
	})
	return row
}

// Staff make (or make again) the request's quote from its documents and the choices the customer
// made: languages, date, copies. The customer can then accept it from its link.
export async function quoteRequest(services: Services, staff: Actor, requestId: number): Promise<string> {
	const { db } = services
	const request = await requestRow(db, requestId)
	const draftId = await draftOf(db, requestId)
	const choices = {
		from_language: request.fromLanguage ?? '',
		to_language: request.toLanguage ?? '',
		delivery_date: request.deliveryDate ?? '',
		copies: request.copies,
	}
	const locale = request.locale as Locale
	// The date the customer asked for, unless it has come too close: then the normal pace.
	const quoteId = await saveQuote(db, draftId, choices, locale).catch((error: unknown) => {
		if (error instanceof QuoteRefused && error.field === 'delivery_date')
			return saveQuote(db, draftId, { ...choices, delivery_date: '' }, locale)
		throw error
	})
	await db.update(requests).set({ quoteId, updatedAt: new Date() }).where(eq(requests.id, requestId))
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'request',
		subjectId: requestId,
		summary: `Request ${request.reference}: quote made`,
		text: auditText('requestQuoted', { reference: request.reference }),
		changes: { quote: quoteId.slice(0, 8) },
	})
	return quoteId
}
