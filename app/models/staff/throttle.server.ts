import { and, eq, gt, lt, ne, or } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { loginFailures } from '#database/schema.ts'

// Failures are counted three ways, each with its own window. Per e-mail and address: a guesser
// from one address gets five tries at one account. Per address: one address trying many e-mails
// (a spray) is stopped too, later, so one colleague's typos do not lock a whole office behind one
// address. Per e-mail from anywhere: a slower back-off that only many addresses together reach, so
// five wrong passwords from one address never lock the account's owner out everywhere else.
export const THROTTLE = {
	pair: { failures: 5, windowMs: 15 * 60 * 1000 },
	address: { failures: 20, windowMs: 15 * 60 * 1000 },
	email: { failures: 50, windowMs: 60 * 60 * 1000 },
} as const
export const MAX_FAILURES = THROTTLE.pair.failures
export const FAILURE_WINDOW_MS = THROTTLE.pair.windowMs
const KEPT_MS = Math.max(...Object.values(THROTTLE).map((rule) => rule.windowMs))

type Failure = { email: string; ipHash: string; createdAt: Date }

// Seconds until the oldest of the failures that make a limit leaves its window; 0 under the limit.
function waitFor(rows: Failure[], rule: { failures: number; windowMs: number }, now: Date) {
	const inWindow = rows.filter((row) => row.createdAt.getTime() > now.getTime() - rule.windowMs)
	if (inWindow.length < rule.failures) return 0
	const oldestThatCounts = inWindow.map((row) => row.createdAt.getTime()).sort((a, b) => b - a)[rule.failures - 1]!
	return Math.max(1, Math.ceil((oldestThatCounts + rule.windowMs - now.getTime()) / 1000))
}

// Counted per email as typed (known or not), so the answer is the same for an email that exists
// and one that does not.
export async function secondsUntilAllowed(
	db: Database,
	email: string,
	ipHash: string,
	now = new Date(),
	exceptAttempt = 0,
): Promise<number> {
	const since = new Date(now.getTime() - KEPT_MS)
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
	const ofEmail = recent.filter((row) => row.email === email)
	const ofAddress = recent.filter((row) => row.ipHash === ipHash)
	return Math.max(
		waitFor(
			ofEmail.filter((row) => row.ipHash === ipHash),
			THROTTLE.pair,
			now,
		),
		waitFor(ofAddress, THROTTLE.address, now),
		waitFor(ofEmail, THROTTLE.email, now),
	)
}

export async function recordFailure(db: Database, email: string, ipHash: string, now = new Date()): Promise<number> {
	const [attempt] = await db
		.insert(loginFailures)
		.values({ email, ipHash, createdAt: now })
		.returning({ id: loginFailures.id })
	await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - KEPT_MS)))
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

// The right password forgives this address's mistakes for the e-mail, never another address's (a
// guesser elsewhere gets no fresh tries each time the owner signs in).
export async function clearFailures(db: Database, email: string, ipHash: string): Promise<void> {
	await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ipHash, ipHash)))
}
