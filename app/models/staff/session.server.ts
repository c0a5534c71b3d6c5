import { and, eq, gt, lt, or } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { digestOf, newSecretToken } from '#app/models/secret-token.server.ts'
import { isTouchDue, newSessionRow, sessionsOfOwner } from '#app/models/session-rows.server.ts'
import { sessions, users, type Role } from '#database/schema.ts'

export const SESSION_COOKIE = 'tolk_staff'
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000
// lastSeenAt is written at most this often, not on every request.
const TOUCH_INTERVAL_MS = 60 * 1000

export type Staff = { id: number; email: string; name: string; role: Role; sessionId: string }

// A fresh token at every login: whatever session id a visitor had before is never promoted.
export async function startSession(db: Database, userId: number, now = new Date()): Promise<string> {
	const token = newSecretToken()
	await db.insert(sessions).values({ ...newSessionRow(token, ABSOLUTE_TIMEOUT_MS, now), userId })
	return token
}

export async function findSessionStaff(db: Database, token: string, now = new Date()): Promise<Staff | null> {
	const id = digestOf(token)
	const [row] = await db
		.select({ id: users.id, email: users.email, name: users.name, role: users.role, lastSeenAt: sessions.lastSeenAt })
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(
			and(
				eq(sessions.id, id),
				eq(users.active, true),
				gt(sessions.expiresAt, now),
				gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
			),
		)
	if (!row) return null
	if (isTouchDue(row.lastSeenAt, now, TOUCH_INTERVAL_MS))
		await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id))
	return { id: row.id, email: row.email, name: row.name, role: row.role, sessionId: id }
}

export async function endSession(db: Database, token: string): Promise<void> {
	await db.delete(sessions).where(eq(sessions.id, digestOf(token)))
}

// After a password or role change, or when an admin signs someone out everywhere.
export async function revokeSessions(db: Database, userId: number, exceptSessionId?: string): Promise<void> {
	await db.delete(sessions).where(sessionsOfOwner({ id: sessions.id, owner: sessions.userId }, userId, exceptSessionId))
}

// The account's sessions that are still alive.
export async function listSessions(db: Database, userId: number, now = new Date()) {
	return db
		.select({
			id: sessions.id,
			createdAt: sessions.createdAt,
			lastSeenAt: sessions.lastSeenAt,
			expiresAt: sessions.expiresAt,
		})
		.from(sessions)
		.where(
			and(
				eq(sessions.userId, userId),
				gt(sessions.expiresAt, now),
				gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
			),
		)
}

export async function pruneExpiredSessions(db: Database, now = new Date()): Promise<void> {
	await db
		.delete(sessions)
		.where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))))
}
