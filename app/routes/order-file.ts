import path from 'node:path'
import { data } from 'react-router'
import type { Route } from './+types/order-file'
import { fileDownload } from '#app/http/download.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { deliveriesDirOf, takeDownload } from '#app/models/order/order.server.ts'
import { requestInfoContext, servicesContext } from '#app/utils/context.server.ts'

// GET /orders/:token/files/:fileId: a delivered translation, for whoever holds the order's link;
// each download is logged.
export async function loader({ params, context }: Route.LoaderArgs) {
	const { db, documentsDir, secretKey } = context.get(servicesContext)
	const file = await takeDownload(db, params.token, params.fileId, addressKey('download', context.get(requestInfoContext).clientAddress, secretKey))
	if (!file) throw data({ error: 'Not found' }, { status: 404 })
	return fileDownload(path.join(deliveriesDirOf(documentsDir), file.storedName), file.name)
}
