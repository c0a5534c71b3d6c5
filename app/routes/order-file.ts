import path from 'node:path'
import type { Route } from './+types/order-file'
import { fileDownload } from '#app/http/download.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { deliveriesDirOf, downloadDelivery } from '#app/models/order/order.server.ts'
import { requestInfoContext, servicesContext } from '#app/http/context.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /orders/:token/files/:fileId: a delivered translation, for whoever holds the order's link;
// each download is logged, and an open admin page of the order shows it.
export async function loader({ params, context }: Route.LoaderArgs) {
	const services = context.get(servicesContext)
	const { documentsDir, secretKey } = services
	const file = await downloadDelivery(
		services,
		params.token,
		params.fileId,
		addressKey('download', context.get(requestInfoContext).clientAddress, secretKey),
	)
	if (!file) throw notFound()
	return fileDownload(services.files, path.join(deliveriesDirOf(documentsDir), file.storedName), file.name)
}
