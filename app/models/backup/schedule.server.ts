// What the admin's backup page reads and saves: the nightly time and what is kept, the latest
// backups, and whether the dashboard should warn (the last one failed or did not verify, or none
// was written for two days).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { desc } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { backups } from '#database/schema.ts'
import { numberField, requiredText } from '#app/models/records/form.ts'
import { saveSettings } from '#app/models/settings.server.ts'
import { getSettings } from '#app/models/site.server.ts'

export const BackupScheduleSchema = z.object({
	backupTime: requiredText(5).pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'errors.time')),
	backupKeepDaily: numberField({ min: 1, max: 366, integer: true }),
	backupKeepWeekly: numberField({ min: 0, max: 520, integer: true }),
})
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>

export async function backupSchedule(db: Database): Promise<BackupSchedule> {
	const { backupTime, backupKeepDaily, backupKeepWeekly } = await getSettings(db)
	return { backupTime, backupKeepDaily, backupKeepWeekly }
}

// Saved like the other settings (and audited as they are).
export const saveBackupSchedule = saveSettings

export type BackupRecord = {
	id: number
	name: string
	trigger: 'nightly' | 'manual'
	status: 'running' | 'done' | 'failed'
	sizeBytes: number | null
	verified: boolean | null
	problem: string | null
	problemKind: string | null
	startedAt: string
	finishedAt: string | null
	// Still in the backup folder (the retention sweep removes old ones).
	kept: boolean
}

export async function latestBackups(db: Database, backupDir: string | null, limit = 20): Promise<BackupRecord[]> {
	const rows = await db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(limit)
	return rows.map((row) => ({
		...row,
		startedAt: row.startedAt.toISOString(),
		finishedAt: row.finishedAt?.toISOString() ?? null,
		kept: row.status === 'done' && backupDir !== null && existsSync(path.join(backupDir, row.name)),
	}))
}

const OVERDUE_MS = 48 * 60 * 60 * 1000

export type BackupAlert = {
	kind: 'failed' | 'unverified' | 'missing'
	name?: string
	problem?: string | null
	problemKind?: string | null
}

export async function backupAlert(db: Database, now = new Date()): Promise<BackupAlert | null> {
	const [last] = await db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(1)
	if (last?.status === 'failed')
		return { kind: 'failed', name: last.name, problem: last.problem, problemKind: last.problemKind }
	if (last?.status === 'done' && last.verified === false)
		return { kind: 'unverified', name: last.name, problem: last.problem, problemKind: last.problemKind }
	// A new site has none until its first night; one that had some and stopped is warned about.
	if (last && now.getTime() - last.startedAt.getTime() > OVERDUE_MS) return { kind: 'missing' }
	return null
}
