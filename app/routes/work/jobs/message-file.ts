import type { Route } from './+types/message-file'
import { requireTranslator } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { fileDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { forwardedAttachmentOf } from '#app/models/order/thread.server.ts'

// GET /work/jobs/:id/messages/:attachmentId: a file of a customer's message the PM forwarded to
// the translator's own job; nothing else of the order's thread.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const me = await requireTranslator(request, context)
	const services = getServices(context)
	const id = recordIdOf(params.id)
	const found = id
		? await forwardedAttachmentOf(services.db, me.id, id, params.attachmentId, services.documentsDir)
		: null
	if (!found) throw notFound()
	return fileDownload(services.files, found.file, found.name)
}
