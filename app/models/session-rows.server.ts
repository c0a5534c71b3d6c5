import { and, eq, ne, type AnyColumn } from 'drizzle-orm'
import { digestOf } from '#app/models/secret-token.server.ts'

// What staff sessions and customer sessions share: the row a new session gets (only the token's
// digest is stored), when a session's last-seen time is worth writing again, and the sessions of
// one person but the one kept.

export function newSessionRow(token: string, lifetimeMs: number, now: Date) {
	return { id: digestOf(token), createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + lifetimeMs) }
}

export const isTouchDue = (lastSeenAt: Date, now: Date, intervalMs: number) =>
	now.getTime() - lastSeenAt.getTime() > intervalMs

export function sessionsOfOwner(columns: { id: AnyColumn; owner: AnyColumn }, ownerId: number, keepId?: string) {
	return keepId ? and(eq(columns.owner, ownerId), ne(columns.id, keepId)) : eq(columns.owner, ownerId)
}
