import { data } from 'react-router'
import type { Route } from './+types/document'
import { findDocumentView } from '#app/models/documents/list.server.ts'
import { getDb } from '#app/utils/context.server.ts'

// GET /documents/:id: a document's current state as JSON. The random id is the key.
export async function loader({ params, context }: Route.LoaderArgs) {
	const document = await findDocumentView(getDb(context), params.id)
	if (!document) throw data({ error: 'Not found' }, { status: 404 })
	return data({ document }, { headers: { 'Cache-Control': 'no-store' } })
}
