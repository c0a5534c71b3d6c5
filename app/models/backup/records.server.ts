// The backups as the site records them (the `backups` table, shown in the admin): a backup claimed,
// done or failed, what a stop or kill left settled, the retention applied and a failure mailed to
// the agency. The runner that decides when (server/backups/runner.ts) calls these.
import { writeFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { backups, settings } from '#database/schema.ts'
import type { Logger } from '#server/logger.ts'
import type { SendMail } from '#server/mailer.ts'
import { AGENCY_TIME_ZONE } from '#app/utils/format.ts'
import { agencyDay, agencyTime, agencyWeek } from '#app/models/backup/agency-time.ts'
import { OWNER_ONLY_FILE } from '#app/models/backup/part.server.ts'
import {
	backupName,
	ensureBackupDir,
	listStoredBackups,
	pruneBackups,
	sizeOf,
	sweepLeftovers,
} from '#app/models/backup/store.server.ts'
import { failureMail } from '#app/models/backup/mail.server.ts'
import { problemKindOf } from '#app/models/backup/errors.server.ts'

export type BackupTrigger = 'nightly' | 'manual'
export type RunResult = { name: string; ok: boolean; verified: boolean | null; problem: string | null }
export type Claimed = { id: number; name: string }
type Records = { db: Database; backupDir: string; logger: Logger; sendMail: SendMail }

// What `npm run backup` reads to learn how the backup it asked the running site for went.
export const LAST_RUN = 'last-run.json'

// What a stop or kill left (half-written folders; records of backups that never ended, done after
// all if their folder is whole, as in a restored site), then, unless the nightly one was taken
// today already, the record of this backup.
export async function claimBackup(records: Records, trigger: BackupTrigger, now: Date): Promise<Claimed | null> {
	await settleLeftovers(records)
	if (trigger === 'nightly' && (await tookNightlyOn(records.db, now))) return null
	const name = backupName(records.backupDir, now)
	const [row] = await records.db.insert(backups).values({ name, trigger, startedAt: now }).returning({ id: backups.id })
	return { id: row!.id, name }
}

export async function tookNightlyOn(db: Database, now: Date): Promise<boolean> {
	const today = await db
		.select({ id: backups.id })
		.from(backups)
		.where(
			and(
				eq(backups.trigger, 'nightly'),
				sql`(${backups.startedAt} at time zone ${AGENCY_TIME_ZONE})::date = ${agencyDay(now)}::date`,
			),
		)
		.limit(1)
	return today.length > 0
}

// Whether the settings' backup time has come today (the agency's clock).
export async function isBackupTime(db: Database, now: Date): Promise<boolean> {
	const [row] = await db.select({ time: settings.backupTime }).from(settings).limit(1)
	return Boolean(row) && agencyTime(now) >= row!.time
}

export async function settleLeftovers({ db, backupDir, logger }: Records) {
	// A folder that cannot be made or read now fails the backup itself, which says so.
	await ensureBackupDir(backupDir)
		.then(() => sweepLeftovers(backupDir))
		.catch((error: unknown) => logger.warn({ err: error }, 'cannot tidy the backup folder'))
	const stored = new Set((await listStoredBackups(backupDir)).map((backup) => backup.name))
	const stale = await db
		.select({ id: backups.id, name: backups.name })
		.from(backups)
		.where(eq(backups.status, 'running'))
	for (const row of stale) {
		const whole = stored.has(row.name)
		await db
			.update(backups)
			.set(
				whole
					? { status: 'done', sizeBytes: await sizeOf(path.join(backupDir, row.name)), finishedAt: new Date() }
					: {
							status: 'failed',
							problem: 'interrupted: the site stopped during the backup',
							problemKind: 'interrupted',
							finishedAt: new Date(),
						},
			)
			.where(eq(backups.id, row.id))
	}
}

export async function recordBackupDone(
	records: Records,
	claimed: Claimed,
	written: { bytes: number },
	check: { verified: boolean; problems: string[] },
): Promise<RunResult> {
	const result = { name: claimed.name, ok: true, verified: check.verified, problem: check.problems.join('; ') || null }
	await records.db
		.update(backups)
		.set({
			status: 'done',
			sizeBytes: written.bytes,
			verified: check.verified,
			problem: result.problem,
			problemKind: check.verified ? null : 'unverified',
			finishedAt: new Date(),
		})
		.where(eq(backups.id, claimed.id))
	if (!check.verified) await tellAgency(records, claimed.name, result.problem!)
	await pruneByRetention(records)
	return result
}

export async function recordBackupFailed(records: Records, claimed: Claimed, error: unknown): Promise<RunResult> {
	const problem = error instanceof Error ? error.message : String(error)
	await records.db
		.update(backups)
		.set({ status: 'failed', problem, problemKind: problemKindOf(error), finishedAt: new Date() })
		.where(eq(backups.id, claimed.id))
		.catch(() => {})
	await tellAgency(records, claimed.name, problem)
	return { name: claimed.name, ok: false, verified: null, problem }
}

async function tellAgency({ db, sendMail }: Records, name: string, problem: string) {
	const [row] = await db.select({ email: settings.email }).from(settings).limit(1)
	if (row) sendMail(failureMail(row.email, name, problem))
}

async function pruneByRetention({ db, backupDir, logger }: Records) {
	const [keep] = await db
		.select({ daily: settings.backupKeepDaily, weekly: settings.backupKeepWeekly })
		.from(settings)
		.limit(1)
	if (!keep) return
	const removed = await pruneBackups(backupDir, keep, agencyDay, agencyWeek)
	if (removed.length) logger.info({ backups: removed }, 'removed backups past their retention')
}

// The last run's outcome beside the backups, for `npm run backup`.
export async function noteLastRun({ backupDir, logger }: Records, trigger: BackupTrigger, result: RunResult) {
	const file = path.join(backupDir, LAST_RUN)
	const text = JSON.stringify({ trigger, ...result, finishedAt: new Date().toISOString() })
	await writeFile(`${file}.tmp`, text, { mode: OWNER_ONLY_FILE })
		.then(() => rename(`${file}.tmp`, file))
		.catch((error: unknown) => logger.warn({ err: error }, 'could not note the last backup'))
}
