import { and, count, eq, gt, min, sql, sum } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents, orderMessages } from '#database/schema.ts'

// How much one address may upload in an hour, and one order hold in all (files and bytes): far
// above what a customer with a real order needs, far below what fills a disk.
export type UploadQuota = { filesPerHour: number; bytesPerHour: number; filesPerOrder: number; bytesPerOrder: number }

type Executor = Pick<Database, 'select' | 'execute'>
type Wanted = { draftId: string; ipHash: string; quota: UploadQuota; bytes: number }

const HOUR_MS = 60 * 60 * 1000

// Uploads from one address, or into one order, wait for each other's check and insert.
export async function lockQuota(tx: Executor, draftId: string, ipHash: string): Promise<void> {
	await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${ipHash}`}))`)
	await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${draftId}`}))`)
}

// Which limit an upload would pass, if any: the order's (it is full: a file must go first) or the
// address's hour (it opens again when the oldest upload of the hour is an hour old).
export type QuotaProblem = { limit: 'order' } | { limit: 'hour'; retryAt: Date }

export async function quotaProblem(
	db: Executor,
	{ draftId, ipHash, quota, bytes }: Wanted,
	now = new Date(),
): Promise<QuotaProblem | null> {
	// One after the other: inside a transaction they share one connection.
	const lastHour = await addressHour(db, ipHash, now)
	const order = await documentsUsage(db, eq(documents.draftId, draftId), now)
	if (order.files >= quota.filesPerOrder || order.bytes + bytes > quota.bytesPerOrder) return { limit: 'order' }
	return hourProblem(lastHour, quota, { files: 1, bytes })
}

type Usage = { files: number; bytes: number; first: Date }

const documentsUsage = (db: Executor, condition: ReturnType<typeof and>, now: Date): Promise<Usage> =>
	db
		.select({ files: count(), bytes: sum(documents.size).mapWith(Number), first: min(documents.createdAt) })
		.from(documents)
		.where(condition)
		.then(([row]) => ({ files: row?.files ?? 0, bytes: row?.bytes ?? 0, first: row?.first ?? now }))

// A message counts as one file and each of its attachments as another, with their bytes.
const messagesUsage = (db: Executor, condition: ReturnType<typeof and>, now: Date): Promise<Usage> =>
	db
		.select({
			files: sql<number>`(count(*) + coalesce(sum(jsonb_array_length(${orderMessages.attachments})), 0))::int`,
			bytes: sql<number>`coalesce(sum((select sum((file ->> 'size')::bigint) from jsonb_array_elements(${orderMessages.attachments}) file)), 0)::float8`,
			first: min(orderMessages.createdAt),
		})
		.from(orderMessages)
		.where(condition)
		.then(([row]) => ({ files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0), first: row?.first ?? now }))

// What one address sent in the last hour: documents, and messages with their attachments.
async function addressHour(db: Executor, ipHash: string, now: Date): Promise<Usage> {
	const since = new Date(now.getTime() - HOUR_MS)
	const uploaded = await documentsUsage(db, and(eq(documents.ipHash, ipHash), gt(documents.createdAt, since)), now)
	const written = await messagesUsage(
		db,
		and(eq(orderMessages.addressKey, ipHash), gt(orderMessages.createdAt, since)),
		now,
	)
	return {
		files: uploaded.files + written.files,
		bytes: uploaded.bytes + written.bytes,
		first: uploaded.first < written.first ? uploaded.first : written.first,
	}
}

// The address's hour, when what is wanted would pass it: it opens again when the oldest of the
// hour is an hour old.
function hourProblem(
	lastHour: Usage,
	quota: UploadQuota,
	wanted: { files: number; bytes: number },
): QuotaProblem | null {
	if (lastHour.files + wanted.files > quota.filesPerHour || lastHour.bytes + wanted.bytes > quota.bytesPerHour)
		return { limit: 'hour', retryAt: new Date(lastHour.first.getTime() + HOUR_MS) }
	return null
}

// A customer's message to an order's thread: against the same hour of their address as their
// uploads, and the order's thread holds at most an order's files and bytes (staff's messages are
// not counted).
export type ThreadWanted = { orderId: number; ipHash: string; quota: UploadQuota; files: number; bytes: number }

export async function threadQuotaProblem(
	db: Executor,
	{ orderId, ipHash, quota, files, bytes }: ThreadWanted,
	now = new Date(),
): Promise<QuotaProblem | null> {
	const lastHour = await addressHour(db, ipHash, now)
	const thread = await messagesUsage(
		db,
		and(eq(orderMessages.orderId, orderId), eq(orderMessages.author, 'customer')),
		now,
	)
	if (thread.files + files > quota.filesPerOrder || thread.bytes + bytes > quota.bytesPerOrder)
		return { limit: 'order' }
	return hourProblem(lastHour, quota, { files, bytes })
}

// Messages from one address, or into one order's thread, wait for each other's check and insert.
export async function lockThreadQuota(tx: Executor, orderId: number, ipHash: string): Promise<void> {
	await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${ipHash}`}))`)
	await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`thread:${orderId}`}))`)
}
