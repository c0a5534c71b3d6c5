import type { OrderStatus } from '#database/schema.ts'

// Where an order may go from each status, the usual next step first and cancelling last.
// Cancelling a delivered order credits its invoice.
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
	// Delivered in one step (one mail) when staff did the work without a translator's job; a job a
	// translator accepts moves the order to in progress itself (app/models/vendor/offers).
	received: ['in_progress', 'delivered', 'cancelled'],
	in_progress: ['delivered', 'received', 'cancelled'],
	delivered: ['cancelled'],
	// The customer asked for changes: staff work on it again, deliver again (no second invoice), or
	// cancel. Only the customer moves a delivered order here (app/models/order/after-delivery).
	revision_requested: ['in_progress', 'delivered', 'cancelled'],
	cancelled: [],
}

// The orders still being worked on: staff's default list, a translator's load, the jobs an order
// may get; and what keeps a customer's account from being deleted.
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['received', 'in_progress', 'revision_requested']
