// The live-updates contract shared by the server and the pages.
export const CABLE_PATH = '/cable'
export const CABLE_PROTOCOL = 'actioncable-v1-json'
export const CABLE_CHANNEL = 'StreamsChannel'

// Streams named staff:… are only for a socket with a staff session, admin:… only for an admin's.
export const AUDIT_STREAM = 'admin:audit'
// New customer requests, for every signed-in staff member's open inbox.
export const REQUESTS_STREAM = 'staff:requests'
// Orders: every change, for the staff's open order pages and list.
export const ORDERS_STREAM = 'staff:orders'
// One order's changes, for the customer's open order page (the page holds its signed name).
export const orderStream = (orderId: number) => `order:${orderId}`

export function roleNeededFor(stream: string): 'staff' | 'admin' | null {
	if (stream.startsWith('admin:')) return 'admin'
	if (stream.startsWith('staff:')) return 'staff'
	return null
}

export type LiveStream = { channel: string; signedStreamName: string }
