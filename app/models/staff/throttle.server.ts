import { createHmac } from 'node:crypto'
import { and, eq, gt, lt, or } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { loginFailures } from '#database/schema.ts'

export const MAX_FAILURES = 5
export const FAILURE_WINDOW_MS = 15 * 60 * 1000

// Keyed, so the table alone does not say who tried from where.
export function hashAddress(address: string, secretKey: string): string {
	return createHmac('sha256', secretKey).update(`login:${address}`).digest('hex')
}

// Counted per email as typed (known or not) and per address, so the answer is the same for an
// email that exists and one that does not.
export async function secondsUntilAllowed(db: Database, email: string, ipHash: string, now = new Date()): Promise<number> {
	const since = new Date(now.getTime() - FAILURE_WINDOW_MS)
	const recent = await db
		.select({ email: loginFailures.email, ipHash: loginFailures.ipHash, createdAt: loginFailures.createdAt })
		.from(loginFailures)
		.where(and(gt(loginFailures.createdAt, since), or(eq(loginFailures.email, email), eq(loginFailures.ipHash, ipHash))))
	const wait = (rows: typeof recent) => {
		if (rows.length < MAX_FAILURES) return 0
		const oldestThatCounts = rows.map((row) => row.createdAt.getTime()).sort((a, b) => b - a)[MAX_FAILURES - 1]!
		return Math.max(1, Math.ceil((oldestThatCounts + FAILURE_WINDOW_MS - now.getTime()) / 1000))
	}
	return Math.max(wait(recent.filter((row) => row.email === email)), wait(recent.filter((row) => row.ipHash === ipHash)))
}

export async function recordFailure(db: Database, email: string, ipHash: string, now = new Date()): Promise<void> {
	await db.insert(loginFailures).values({ email, ipHash, createdAt: now })
	await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)))
}

export async function clearFailures(db: Database, email: string): Promise<void> {
	await db.delete(loginFailures).where(eq(loginFailures.email, email))
}
