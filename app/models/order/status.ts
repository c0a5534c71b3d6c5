import type { OrderStatus } from '#database/schema.ts'

// Where an order may go from each status. Cancelling a delivered order credits its invoice.
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
	received: ['in_progress', 'cancelled'],
	in_progress: ['received', 'delivered', 'cancelled'],
	delivered: ['cancelled'],
	cancelled: [],
}
