import { desc, lt } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { auditEvents } from '#database/schema.ts'

// The audit log as pages read it; only models write to it (record.server.ts).
export type AuditEventView = ReturnType<typeof presentAuditEvent>

// What pages show of an event (and what travels to them live).
// The changed fields' names are shown, never their values; the staff member by name, not by id.
export function presentAuditEvent({ userId: _userId, changes, createdAt, ...event }: typeof auditEvents.$inferSelect) {
	return {
		...event,
		fields: Array.isArray(changes?.fields) ? (changes.fields as string[]) : [],
		createdAt: createdAt.toISOString(),
	}
}

export async function listAuditEvents(db: Database, { limit = 100, before }: { limit?: number; before?: number } = {}) {
	const query = db.select().from(auditEvents)
	const rows = await (before ? query.where(lt(auditEvents.id, before)) : query)
		.orderBy(desc(auditEvents.id))
		.limit(limit)
	return rows
}
