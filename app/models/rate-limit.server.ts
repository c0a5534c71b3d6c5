import { lt, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { rateLimits } from '#database/schema.ts'
import { isUnlimited, type SearchLimits } from '#server/company-search/rate-limit.ts'

const DAY_MS = 24 * 60 * 60 * 1000

// A per-address limit every process shares (decision 021): the bucket is a row, read and written
// under its own lock in one round trip (the function `take_rate_limit`, migration 0020, the same
// step as `takeFrom`), so two processes asked at once count both. `key` names the limit and the
// address (`search:203.0.113.7`). Seconds to wait, 0 when the request may go (and is counted).
export async function takeShared(db: Database, key: string, limits: SearchLimits, now = Date.now()): Promise<number> {
	if (isUnlimited(limits)) return 0
	const result = await db.execute(
		sql`select take_rate_limit(${key}, ${limits.perMinute}::float8, ${limits.perDay}::int, ${now}::float8) as wait`,
	)
	return Number((result.rows[0] as { wait: number | string }).wait)
}

// Buckets untouched for a day hold nothing a new one would not: swept hourly.
export async function deleteExpiredLimits(db: Database, now = Date.now()): Promise<number> {
	const gone = await db
		.delete(rateLimits)
		.where(lt(rateLimits.filledAt, new Date(now - DAY_MS)))
		.returning({ key: sql`1` })
	return gone.length
}
