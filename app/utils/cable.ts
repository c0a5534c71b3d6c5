// The live-updates contract shared by the server and the pages.
import { mayOpen, type Area } from '#app/models/staff/roles.ts'

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

// Every job's changes, for the PMs' open to-do lists.
export const JOBS_STREAM = 'staff:jobs'
// One order's jobs, for the staff's open order and job pages.
export const jobsStream = (orderId: number) => `staff:jobs:${orderId}`
// A customer account's own stream: its open account pages reload when who may see what changes
// (a colleague removed). Only its pages hold the signed name.
export const customerStream = (customerId: number) => `customer:${customerId}`

// One signed-in person's own stream (a translator's offers and jobs): only their socket hears it.
export const userStream = (userId: number) => `user:${userId}`

// The sockets' own control stream, never a page's: a customer's access was withdrawn (signed out,
// removed from the company, account deleted), and their open sockets stop listening at once.
export const CABLE_REVOKE_STREAM = 'cable:revoke'

const STREAM_AREAS: Record<string, Area> = {
	[AUDIT_STREAM]: 'staff',
	[REQUESTS_STREAM]: 'work',
	[ORDERS_STREAM]: 'work',
	[JOBS_STREAM]: 'work',
}

export function areaOfStream(stream: string): Area | null {
	if (STREAM_AREAS[stream]) return STREAM_AREAS[stream]
	if (stream.startsWith('staff:jobs:')) return 'work'
	if (stream.startsWith('admin:')) return 'staff'
	return stream.startsWith('staff:') ? 'account' : null
}

export type LiveStream = { channel: string; signedStreamName: string }

// Whether a socket signed in as `staff` (or nobody) may hear a stream it holds the signed name of.
export function mayListenTo(staff: { id: number; role: string } | null, stream: string): boolean {
	if (stream.startsWith('cable:') || stream.startsWith('customer:')) return false
	if (stream.startsWith('user:')) return staff !== null && `user:${staff.id}` === stream
	const area = areaOfStream(stream)
	return area === null || (staff !== null && mayOpen(staff.role, area))
}
