import type { Route } from './+types/order-message-file'
import { fileDownload } from '#app/http/download.server.ts'
import { attachmentOf, orderByLink } from '#app/models/order/thread.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /orders/:token/messages/:attachmentId: a file sent in the order's thread, for whoever holds
// the order's link.
export async function loader({ params, context }: Route.LoaderArgs) {
	const services = getServices(context)
	const order = await orderByLink(services.db, params.token)
	const found = order ? await attachmentOf(services.db, order.id, params.attachmentId, services.documentsDir) : null
	if (!found) throw notFound()
	return fileDownload(services.files, found.file, found.name)
}
