import type { Route } from './+types/message-file'
import { fileDownload } from '#app/http/download.server.ts'
import { attachmentOf } from '#app/models/order/thread.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /admin/orders/:id/messages/:attachmentId: a file of the order's thread with the customer.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const services = getServices(context)
	const id = recordIdOf(params.id)
	const found = id ? await attachmentOf(services.db, id, params.attachmentId, services.documentsDir) : null
	if (!found) throw notFound()
	return fileDownload(services.files, found.file, found.name)
}
