import { lt, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { rateLimits } from '#database/schema.ts'
import { isUnlimited, type SearchLimits } from '#server/company-search/rate-limit.ts'

const DAY_MS = 24 * 60 * 60 * 1000

// A per-address limit every process shares (decision 021): the bucket is a row, read and written
// under its own lock (the function `take_rate_limit`, migration 0020, the same step as `takeFrom`),
// so two processes asked at once count both. `key` names the limit and the address
// (`search:203.0.113.7`). Seconds to wait, 0 when the request may go (and is counted).
export function takeShared(db: Database, key: string, limits: SearchLimits, now = Date.now()): Promise<number> {
	if (isUnlimited(limits)) return Promise.resolve(0)
	let batch = batches.get(db)
	if (!batch) batches.set(db, (batch = { waiting: [], sending: 0 }))
	const waiting = batch.waiting
	const wait = new Promise<number>((resolve, reject) => waiting.push({ key, limits, now, resolve, reject }))
	if (batch.sending < MAX_SENDING) void send(db, batch)
	return wait
}

type Take = {
	key: string
	limits: SearchLimits
	now: number
	resolve: (wait: number) => void
	reject: (error: unknown) => void
}
type Batch = { waiting: Take[]; sending: number }
const batches = new WeakMap<Database, Batch>()
const MAX_BATCH = 500
// Round trips under way at once: a few, so a take never waits behind a slow one alone.
const MAX_SENDING = 3

// The takes asked for while the round trips under way are out go together in the next, in the
// order they were asked (each call in the statement sees the ones before it): a burst of searches
// costs the database a few statements per round trip, not one each.
const TAKE_MANY = `select take_rate_limit(t.key, t.per_minute, t.per_day, t.now) as wait
	from unnest($1::text[], $2::float8[], $3::int[], $4::float8[]) with ordinality as t(key, per_minute, per_day, now, n)
	order by t.n`

async function send(db: Database, batch: Batch) {
	batch.sending++
	while (batch.waiting.length) {
		const takes = batch.waiting.splice(0, MAX_BATCH)
		try {
			const { rows } = await db.$client.query<{ wait: number | string }>(TAKE_MANY, [
				takes.map((take) => take.key),
				takes.map((take) => take.limits.perMinute),
				takes.map((take) => take.limits.perDay),
				takes.map((take) => take.now),
			])
			takes.forEach((take, index) => take.resolve(Number(rows[index]!.wait)))
		} catch (error) {
			for (const take of takes) take.reject(error)
		}
	}
	batch.sending--
}

// Buckets untouched for a day hold nothing a new one would not: swept hourly.
export async function deleteExpiredLimits(db: Database, now = Date.now()): Promise<number> {
	const gone = await db
		.delete(rateLimits)
		.where(lt(rateLimits.filledAt, new Date(now - DAY_MS)))
		.returning({ key: sql`1` })
	return gone.length
}
