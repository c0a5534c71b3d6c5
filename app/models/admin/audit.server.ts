import { desc, lt } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { auditEvents } from '#database/schema.ts'
import { AUDIT_STREAM } from '#app/utils/cable.ts'
import type { AppServices } from '#app/models/services.ts'
import { broadcastTo } from '#app/models/live/streams.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'

export type AuditAction = 'create' | 'update' | 'delete' | 'reorder' | 'login' | 'logout' | 'signOut'

type Entry = {
	action: AuditAction
	subjectType: string
	subjectId?: number | string | null
	summary: string
	changes?: Record<string, unknown>
}

export type AuditServices = Pick<AppServices, 'db' | 'broadcast' | 'logger'>

// Stored, then sent live to the staff pages that show recent changes.
export async function recordAudit(
	services: AuditServices,
	staff: Pick<Staff, 'id' | 'name'>,
	entry: Entry,
): Promise<void> {
	const [event] = await services.db
		.insert(auditEvents)
		.values({
			userId: staff.id,
			userName: staff.name,
			action: entry.action,
			subjectType: entry.subjectType,
			subjectId: entry.subjectId == null ? null : String(entry.subjectId),
			summary: entry.summary.slice(0, 300),
			changes: entry.changes ?? null,
		})
		.returning()
	await broadcastTo(services, AUDIT_STREAM, { type: 'audit', event: presentAuditEvent(event!) })
}

export type AuditEventView = ReturnType<typeof presentAuditEvent>

// What pages show of an event (and what travels to them live).
export function presentAuditEvent({
	id,
	userName,
	action,
	subjectType,
	subjectId,
	summary,
	changes,
	createdAt,
}: typeof auditEvents.$inferSelect) {
	return {
		id,
		userName,
		action,
		subjectType,
		subjectId,
		summary,
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

// Names of the fields an edit changed; values are left out so no secret lands in the log.
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
	return Object.keys(after).filter(
		(key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key] ?? null),
	)
}
