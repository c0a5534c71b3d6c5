// The live-updates contract shared by the server and the pages.
import type { Area } from '#app/models/staff/roles.ts'

export const CABLE_PATH = '/cable'
export const CABLE_PROTOCOL = 'actioncable-v1-json'
export const CABLE_CHANNEL = 'StreamsChannel'

// Streams named staff:… or admin:… are only for a socket with a staff session whose role opens
// the stream's area (areaOfStream); the others are for whoever holds the stream's signed name.
export const AUDIT_STREAM = 'admin:audit'
// New customer requests, for every signed-in staff member's open inbox.
export const REQUESTS_STREAM = 'staff:requests'
// Orders: every change, for the staff's open order pages and list.
export const ORDERS_STREAM = 'staff:orders'
// One order's changes, for the customer's open order page (the page holds its signed name).
export const orderStream = (orderId: number) => `order:${orderId}`

const STREAM_AREAS: Record<string, Area> = {
	[AUDIT_STREAM]: 'staff',
	[REQUESTS_STREAM]: 'work',
	[ORDERS_STREAM]: 'work',
}

export function areaOfStream(stream: string): Area | null {
	if (STREAM_AREAS[stream]) return STREAM_AREAS[stream]
	if (stream.startsWith('admin:')) return 'staff'
	return stream.startsWith('staff:') ? 'account' : null
}

export type LiveStream = { channel: string; signedStreamName: string }
