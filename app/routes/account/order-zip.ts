import type { Route } from './+types/order-zip'
import { addressKey } from '#app/models/address-key.server.ts'
import { orderForAccount } from '#app/models/customer/records.server.ts'
import { deliveredEntries, logZipDownload, zipDownload } from '#app/models/order/zip.server.ts'
import { requireCustomer } from '#app/http/customer.server.ts'
import { getServices, requestInfoContext } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /account/orders/:id/files.zip: every file the customer has of an order the account sees, in
// one streamed ZIP; logged as the single downloads are.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { access } = await requireCustomer(request, context)
	const services = getServices(context)
	const id = recordIdOf(params.id)
	const order = id ? await orderForAccount(services.db, access, id) : null
	if (!order) throw notFound()
	const entries = await deliveredEntries(services.db, services.documentsDir, order.id)
	if (entries.length === 0) throw notFound()
	const key = addressKey('download', context.get(requestInfoContext).clientAddress, services.secretKey)
	await logZipDownload(services, order.id, entries, key)
	return zipDownload(services.files, entries, order.reference)
}
