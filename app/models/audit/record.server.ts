import { auditEvents } from '#database/schema.ts'
import { AUDIT_STREAM } from '#app/utils/cable.ts'
import type { AppServices } from '#app/models/services.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { presentAuditEvent } from '#app/models/audit/history.server.ts'
import type { AuditText } from '#app/models/audit/text.ts'

export type AuditAction =
	'create' | 'update' | 'delete' | 'reorder' | 'login' | 'logout' | 'signOut' | 'download' | 'remind'

type Entry = {
	action: AuditAction
	subjectType: string
	subjectId?: number | string | null
	// In English, for exports and the server's log.
	summary: string
	// The same in words the reader's language gives (app/models/audit/text.ts).
	text?: AuditText
	changes?: Record<string, unknown>
}

export type AuditServices = Pick<AppServices, 'db' | 'broadcast' | 'logger'>

// Stored, then sent live to the staff pages that show recent changes.
export async function recordAudit(
	services: AuditServices,
	// The site itself (a reminder run) has no account: id null.
	staff: { id: Staff['id'] | null; name: string },
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
			text: entry.text ?? null,
			changes: entry.changes ?? null,
		})
		.returning()
	await broadcastTo(services, AUDIT_STREAM, { type: 'audit', event: presentAuditEvent(event!) })
}

// Names of the fields an edit changed; values are left out so no secret lands in the log.
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
	return Object.keys(after).filter(
		(key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key] ?? null),
	)
}
