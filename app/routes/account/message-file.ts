import type { Route } from './+types/message-file'
import { fileDownload } from '#app/http/download.server.ts'
import { orderForAccount } from '#app/models/customer/records.server.ts'
import { attachmentOf } from '#app/models/order/thread.server.ts'
import { requireCustomer } from '#app/http/customer.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /account/orders/:id/messages/:attachmentId: a file of the thread of an order the account sees.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { access } = await requireCustomer(request, context)
	const services = getServices(context)
	const id = recordIdOf(params.id)
	const order = id ? await orderForAccount(services.db, access, id) : null
	const found = order ? await attachmentOf(services.db, order.id, params.attachmentId, services.documentsDir) : null
	if (!found) throw notFound()
	return fileDownload(services.files, found.file, found.name)
}
