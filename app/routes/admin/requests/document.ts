import type { Route } from './+types/document'
import { takeRequestDocument } from '#app/models/order/staff-files.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { fileDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /admin/requests/:id/documents/:documentId: a customer's document, for staff only, logged. Always
// a download of opaque bytes, never shown inline: the file is the customer's, not ours.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await takeRequestDocument(getServices(context), staff, id, params.documentId) : null
	if (!found) throw notFound()
	return fileDownload(getServices(context).files, found.file, found.name)
}
