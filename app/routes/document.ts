import { data } from 'react-router'
import { eq } from 'drizzle-orm'
import type { Route } from './+types/document'
import { documents } from '#database/schema.ts'
import { presentDocument } from '#app/models/documents/present.ts'
import { getDb } from '#app/utils/context.server.ts'

// GET /documents/:id: a document's current state as JSON. The random id is the key.
export async function loader({ params, context }: Route.LoaderArgs) {
	if (!/^[0-9a-f-]{36}$/.test(params.id)) throw data({ error: 'Not found' }, { status: 404 })
	const [row] = await getDb(context).select().from(documents).where(eq(documents.id, params.id))
	if (!row) throw data({ error: 'Not found' }, { status: 404 })
	return data({ document: presentDocument(row) }, { headers: { 'Cache-Control': 'no-store' } })
}
