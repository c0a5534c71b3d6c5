import { and, count, eq, gt, min, sql, sum } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents } from '#database/schema.ts'

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
	const since = new Date(now.getTime() - HOUR_MS)
	const usage = (condition: ReturnType<typeof and>) =>
		db
			.select({ files: count(), bytes: sum(documents.size).mapWith(Number), first: min(documents.createdAt) })
			.from(documents)
			.where(condition)
			.then(([row]) => ({ files: row?.files ?? 0, bytes: row?.bytes ?? 0, first: row?.first ?? now }))
	const [lastHour, order] = await Promise.all([
		usage(and(eq(documents.ipHash, ipHash), gt(documents.createdAt, since))),
		usage(eq(documents.draftId, draftId)),
	])
	if (order.files >= quota.filesPerOrder || order.bytes + bytes > quota.bytesPerOrder) return { limit: 'order' }
	if (lastHour.files >= quota.filesPerHour || lastHour.bytes + bytes > quota.bytesPerHour)
		return { limit: 'hour', retryAt: new Date(lastHour.first.getTime() + HOUR_MS) }
	return null
}
