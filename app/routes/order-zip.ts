import type { Route } from './+types/order-zip'
import { addressKey } from '#app/models/address-key.server.ts'
import { deliveredEntries, logZipDownload, orderToZip, zipDownload } from '#app/models/order/zip.server.ts'
import { getServices, requestInfoContext } from '#app/http/context.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /orders/:token/files.zip: the whole delivery in one ZIP, for whoever holds the order's link.
export async function loader({ params, context }: Route.LoaderArgs) {
	const services = getServices(context)
	const order = await orderToZip(services.db, { token: params.token })
	if (!order) throw notFound()
	const entries = await deliveredEntries(services.db, services.documentsDir, order.id)
	if (entries.length === 0) throw notFound()
	const key = addressKey('download', context.get(requestInfoContext).clientAddress, services.secretKey)
	await logZipDownload(services, order.id, entries, key)
	return zipDownload(services.files, entries, order.reference)
}
