import { and, asc, eq, isNull } from 'drizzle-orm'
import { documents } from '#database/schema.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { documentStream, presentDocument } from '#app/models/documents/present.ts'

// The documents of the visitor's order in progress (not those already ordered), each with the
// stream its updates come on.
export async function listDraftDocuments(services: Pick<AppServices, 'db' | 'secretKey'>, draftId: string | null) {
	if (!draftId) return []
	const rows = await services.db
		.select()
		.from(documents)
		.where(and(eq(documents.draftId, draftId), isNull(documents.orderId)))
		.orderBy(asc(documents.createdAt))
	return rows.map((row) => ({ document: presentDocument(row), stream: liveStream(services, documentStream(row.id)) }))
}

// One document as the page shows it, by its random id (the key to it); null for any other id.
export async function findDocumentView(db: AppServices['db'], id: string) {
	if (!/^[0-9a-f-]{36}$/.test(id)) return null
	const [row] = await db.select().from(documents).where(eq(documents.id, id))
	return row ? presentDocument(row) : null
}
