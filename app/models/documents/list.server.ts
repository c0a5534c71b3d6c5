import { asc, eq } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { documents } from '#database/schema.ts'
import { getDb } from '#app/utils/context.server.ts'
import { liveStream } from '../live/streams.server.ts'
import { readDraftId } from './draft.server.ts'
import { documentStream, presentDocument } from './present.ts'

// The documents of the visitor's order in progress, each with the stream its updates come on.
export async function listDraftDocuments(request: Request, context: Readonly<RouterContextProvider>) {
	const draftId = await readDraftId(request, context)
	if (!draftId) return []
	const rows = await getDb(context).select().from(documents).where(eq(documents.draftId, draftId)).orderBy(asc(documents.createdAt))
	return rows.map((row) => ({ document: presentDocument(row), stream: liveStream(context, documentStream(row.id)) }))
}
