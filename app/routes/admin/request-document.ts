import path from 'node:path'
import type { Route } from './+types/request-document'
import { findRequestDocument } from '#app/models/request/inbox.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { servicesContext } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { fileDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /admin/requests/:id/documents/:documentId: a customer's document, for staff only. Always a
// download of opaque bytes, never shown inline: the file is the customer's, not ours.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const { db, documentsDir } = context.get(servicesContext)
	const id = recordIdOf(params.id)
	const row =
		id && /^[0-9a-f-]{36}$/.test(params.documentId) ? await findRequestDocument(db, id, params.documentId) : null
	if (!row) throw notFound()
	return fileDownload(path.join(documentsDir, row.storedName), row.name)
}
