import { and, count, eq, gt, sql, sum } from 'drizzle-orm'
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

export async function isWithinQuota(
	db: Executor,
	{ draftId, ipHash, quota, bytes }: Wanted,
	now = new Date(),
): Promise<boolean> {
	const usage = (condition: ReturnType<typeof and>) =>
		db
			.select({ files: count(), bytes: sum(documents.size).mapWith(Number) })
			.from(documents)
			.where(condition)
			.then(([row]) => ({ files: row?.files ?? 0, bytes: row?.bytes ?? 0 }))
	const [lastHour, order] = await Promise.all([
		usage(and(eq(documents.ipHash, ipHash), gt(documents.createdAt, new Date(now.getTime() - HOUR_MS)))),
		usage(eq(documents.draftId, draftId)),
	])
	return (
		lastHour.files < quota.filesPerHour &&
		lastHour.bytes + bytes <= quota.bytesPerHour &&
		order.files < quota.filesPerOrder &&
		order.bytes + bytes <= quota.bytesPerOrder
	)
}
