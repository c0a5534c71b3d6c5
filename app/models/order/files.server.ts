import { eq } from 'drizzle-orm'
import { orderEvents, orderFiles, orders } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { receiveFile, type MultipartSource } from '#app/models/documents/upload.server.ts'
import { OrderNotFound, OrderRefused } from '#app/models/order/lifecycle.server.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { holdEarlier, versionName } from '#app/models/order/delivery.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { auditText } from '#app/models/audit/text.ts'

// A translated file staff upload to an order, checked as a customer's upload is (kind, content,
// size, archive bombs) and kept beside the customers' documents until the retention period after
// delivery ends. It is a version of the order's document its name matches (named after it), and
// the customer sees it on the order page once it is delivered.
export async function addOrderFile(
	services: Pick<AppServices, 'db' | 'documentsDir' | 'files' | 'broadcast' | 'logger'>,
	staff: Pick<Staff, 'id' | 'name'>,
	orderId: number,
	source: MultipartSource,
	limitMib: number,
) {
	const { db } = services
	const [order] = await db
		.select({ status: orders.status, reference: orders.reference, language: orders.toLanguage })
		.from(orders)
		.where(eq(orders.id, orderId))
	if (!order) throw new OrderNotFound()
	if (order.status === 'cancelled') throw new OrderRefused('transition')
	const file = await receiveFile(
		source,
		services.files,
		deliveriesDirOf(services.documentsDir),
		limitMib,
		(received, moveIntoPlace) =>
			db.transaction(async (tx) => {
				const named = await versionName(tx, orderId, received.name, order.language)
				const [row] = await tx
					.insert(orderFiles)
					.values({
						id: received.id,
						orderId,
						...named,
						type: received.extension,
						size: received.size,
						storedName: received.storedName,
					})
					.returning()
				if (named.documentId) await holdEarlier(tx, orderId, [named.documentId], [received.id])
				await tx
					.insert(orderEvents)
					.values({ orderId, kind: 'file', body: received.name, userName: staff.name, internal: true })
				await moveIntoPlace()
				return row!
			}),
	)
	await recordAudit(services, staff, {
		action: 'create',
		subjectType: 'order',
		subjectId: orderId,
		summary: `Order ${order.reference}: translated file ${file.name}`,
		text: auditText('orderFile', { reference: order.reference, name: file.name }),
		changes: { file: file.name, size: file.size },
	})
	await announceOrder(services, orderId)
	return file
}
