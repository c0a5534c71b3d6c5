import path from 'node:path'
import { data } from 'react-router'
import type { Route } from './+types/order-file'
import { fileDownload } from '#app/http/download.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { broadcastTo } from '#app/models/live/streams.server.ts'
import { deliveriesDirOf, takeDownload } from '#app/models/order/order.server.ts'
import { orderStream } from '#app/utils/cable.ts'
import { requestInfoContext, servicesContext } from '#app/utils/context.server.ts'

// GET /orders/:token/files/:fileId: a delivered translation, for whoever holds the order's link;
// each download is logged, and an open admin page of the order shows it.
export async function loader({ params, context }: Route.LoaderArgs) {
	const services = context.get(servicesContext)
	const { db, documentsDir, secretKey } = services
	const file = await takeDownload(
		db,
		params.token,
		params.fileId,
		addressKey('download', context.get(requestInfoContext).clientAddress, secretKey),
	)
	if (!file) throw data({ error: 'Not found' }, { status: 404 })
	await broadcastTo(services, orderStream(file.orderId), { type: 'download', id: file.orderId })
	return fileDownload(path.join(deliveriesDirOf(documentsDir), file.storedName), file.name)
}
