import path from 'node:path'
import type { Route } from './+types/file'
import { fileDownload } from '#app/http/download.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { downloadForAccount } from '#app/models/customer/records.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { requireCustomer } from '#app/http/customer.server.ts'
import { getServices, requestInfoContext } from '#app/http/context.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /account/files/:fileId: a delivered translation of an order the account sees (a colleague's
// too), while it is kept; logged as the order page's downloads are.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { access } = await requireCustomer(request, context)
	const services = getServices(context)
	const key = addressKey('download', context.get(requestInfoContext).clientAddress, services.secretKey)
	const file = await downloadForAccount(services, access, params.fileId, key)
	if (!file) throw notFound()
	return fileDownload(services.files, path.join(deliveriesDirOf(services.documentsDir), file.storedName), file.name)
}
