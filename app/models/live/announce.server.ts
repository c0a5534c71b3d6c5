import type { AppServices } from '#app/models/services.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { ORDERS_STREAM, orderStream } from '#app/utils/cable.ts'

// Open pages hear an order changed: the customer's order page and the staff's order pages. Here,
// not in the order's lifecycle, so invoices and jobs announce an order without importing orders.
export async function announceOrder(services: Pick<AppServices, 'broadcast' | 'logger'>, orderId: number) {
	await broadcastTo(services, orderStream(orderId), { type: 'order', id: orderId })
	await broadcastTo(services, ORDERS_STREAM, { type: 'order', id: orderId })
}
