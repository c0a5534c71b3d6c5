import { and, eq, gt, lt, ne, or } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { loginFailures } from '#database/schema.ts'

export const MAX_FAILURES = 5
export const FAILURE_WINDOW_MS = 15 * 60 * 1000

// Counted per email as typed (known or not) and per address, so the answer is the same for an
// email that exists and one that does not.
export async function secondsUntilAllowed(
	db: Database,
	email: string,
	ipHash: string,
	now = new Date(),
	exceptAttempt = 0,
): Promise<number> {
	const since = new Date(now.getTime() - FAILURE_WINDOW_MS)
	const recent = await db
		.select({ email: loginFailures.email, ipHash: loginFailures.ipHash, createdAt: loginFailures.createdAt })
		.from(loginFailures)
		.where(
			and(
				gt(loginFailures.createdAt, since),
				or(eq(loginFailures.email, email), eq(loginFailures.ipHash, ipHash)),
				ne(loginFailures.id, exceptAttempt),
			),
		)
	const wait = (rows: typeof recent) => {
		if (rows.length < MAX_FAILURES) return 0
		const oldestThatCounts = rows.map((row) => row.createdAt.getTime()).sort((a, b) => b - a)[MAX_FAILURES - 1]!
		return Math.max(1, Math.ceil((oldestThatCounts + FAILURE_WINDOW_MS - now.getTime()) / 1000))
	}
	return Math.max(
		wait(recent.filter((row) => row.email === email)),
		wait(recent.filter((row) => row.ipHash === ipHash)),
	)
}

export async function recordFailure(db: Database, email: string, ipHash: string, now = new Date()): Promise<number> {
	const [attempt] = await db
		.insert(loginFailures)
		.values({ email, ipHash, createdAt: now })
		.returning({ id: loginFailures.id })
	await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)))
	return attempt!.id
}

// An attempt is counted as a failure before its password is hashed, and only then are the
// failures around it counted: of attempts sent at once, each sees the others already counted, so
// no more than the limit ever reach the hash. A throttled attempt is not kept (the lock does not
// grow with every knock); a right password takes its attempt back.
export async function admitAttempt(db: Database, email: string, ipHash: string, now = new Date()) {
	const attemptId = await recordFailure(db, email, ipHash, now)
	const retryAfterSeconds = await secondsUntilAllowed(db, email, ipHash, now, attemptId)
	if (retryAfterSeconds > 0) await forgetAttempt(db, attemptId)
	return { attemptId, retryAfterSeconds }
}

export async function forgetAttempt(db: Database, attemptId: number): Promise<void> {
	await db.delete(loginFailures).where(eq(loginFailures.id, attemptId))
}

export async function clearFailures(db: Database, email: string): Promise<void> {
	await db.delete(loginFailures).where(eq(loginFailures.email, email))
}
