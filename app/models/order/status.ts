import type { OrderStatus } from '#database/schema.ts'

// Where an order may go from each status, the usual next step first and cancelling last.
// Cancelling a delivered order credits its invoice.
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
	received: ['in_progress', 'cancelled'],
	in_progress: ['delivered', 'received', 'cancelled'],
	delivered: ['cancelled'],
	cancelled: [],
}
