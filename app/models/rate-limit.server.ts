import { eq, lt, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { rateLimits } from '#database/schema.ts'
import { fullBucket, isUnlimited, takeFrom, type SearchLimits } from '#server/company-search/rate-limit.ts'

const DAY_MS = 24 * 60 * 60 * 1000

// A per-address limit every process shares (decision 021): the bucket is a row, read and written
// under its own lock, so two processes asked at once count both. `key` names the limit and the
// address (`search:203.0.113.7`). Seconds to wait, 0 when the request may go (and is counted).
export async function takeShared(db: Database, key: string, limits: SearchLimits, now = Date.now()): Promise<number> {
	if (isUnlimited(limits)) return 0
	return db.transaction(async (tx) => {
		const start = fullBucket(limits, now)
		await tx
			.insert(rateLimits)
			.values({ key, ...rowOf(start) })
			.onConflictDoNothing()
		const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key)).for('update')
		const { bucket, wait } = takeFrom(bucketOf(row!), limits, now)
		await tx.update(rateLimits).set(rowOf(bucket)).where(eq(rateLimits.key, key))
		return wait
	})
}

// Buckets untouched for a day hold nothing a new one would not: swept hourly.
export async function deleteExpiredLimits(db: Database, now = Date.now()): Promise<number> {
	const gone = await db
		.delete(rateLimits)
		.where(lt(rateLimits.filledAt, new Date(now - DAY_MS)))
		.returning({ key: sql`1` })
	return gone.length
}

const rowOf = (bucket: ReturnType<typeof fullBucket>) => ({
	tokens: bucket.tokens,
	filledAt: new Date(bucket.filledAt),
	dayStart: new Date(bucket.dayStart),
	dayCount: bucket.dayCount,
})

const bucketOf = (row: typeof rateLimits.$inferSelect) => ({
	tokens: row.tokens,
	filledAt: row.filledAt.getTime(),
	dayStart: row.dayStart.getTime(),
	dayCount: row.dayCount,
})
