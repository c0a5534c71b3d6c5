import { data } from 'react-router'
import type { Route } from './+types/document'
import { findDocumentView } from '#app/models/documents/list.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /documents/:id: a document's current state as JSON. The random id is the key.
export async function loader({ params, context }: Route.LoaderArgs) {
	const document = await findDocumentView(getDb(context), params.id)
	if (!document) throw notFound()
	return data({ document }, { headers: { 'Cache-Control': 'no-store' } })
}
