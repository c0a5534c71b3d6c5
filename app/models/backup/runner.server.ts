// Runs backups for the site: one at a time, nightly at the time the settings say (the agency's
// zone) and on demand, each verified, recorded (the `backups` table, shown in the admin) and
// followed by the retention sweep. A failure is logged, recorded for the dashboard and mailed to the
// agency's address. With several processes on one PostgreSQL, one of them takes each backup.
import { writeFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { DatabaseHandle } from '#database/client.ts'
import { backups, settings } from '#database/schema.ts'
import type { Logger } from '#server/logger.ts'
import type { SendMail } from '#server/mailer.ts'
import { AGENCY_TIME_ZONE } from '#app/utils/format.ts'
import { OWNER_ONLY_FILE } from '#app/models/backup/part.server.ts'
import {
	backupName,
	checkBackupDir,
	ensureBackupDir,
	listStoredBackups,
	pruneBackups,
	sizeOf,
	sweepLeftovers,
} from '#app/models/backup/store.server.ts'
import { verifyBackup } from '#app/models/backup/verify.server.ts'
import { writeBackup } from '#app/models/backup/write.server.ts'
import { failureMail } from '#app/models/backup/mail.server.ts'

export type BackupRunnerOptions = {
	database: DatabaseHandle
	databaseUrl?: string
	dataDir: string
	backupDir: string
	passphrase?: string
	partDeadlineMs?: number
	logger: Logger
	sendMail: SendMail
}

export type BackupTrigger = 'nightly' | 'manual'
export type RunResult = { name: string; ok: boolean; verified: boolean | null; problem: string | null }

// What `npm run backup` reads to learn how the backup it asked the running site for went.
export const LAST_RUN = 'last-run.json'
const TICK_MS = 60 * 1000
const RUN_LOCK = 727_002

export function createBackupRunner(options: BackupRunnerOptions) {
	checkBackupDir(options.dataDir, options.backupDir)
	const { db } = options.database
	let running: Promise<RunResult> | null = null
	// Set from the moment a backup (or the tidying at the start) is being decided on in this process.
	let locked = false
	let timer: NodeJS.Timeout | undefined
	let first: NodeJS.Timeout | undefined

	// Holding the run lock, this process is the only one backing up: on PostgreSQL a session lock
	// on a connection of its own (a killed process's lock goes with its connection), on the
	// embedded database (one process) this process's own flag.
	async function takeRunLock(): Promise<(() => Promise<void>) | null> {
		if (locked) return null
		locked = true
		const unlocked = async () => {
			locked = false
		}
		if (options.database.kind !== 'postgres') return unlocked
		const client = await options.database.pool.connect().catch((error: unknown) => {
			locked = false
			throw error
		})
		const { rows } = await client
			.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [RUN_LOCK])
			.catch(async (error: unknown) => {
				// A connection lost on the way: dropped, and the next attempt starts afresh.
				client.release(error as Error)
				await unlocked()
				throw error
			})
		if (!rows[0]!.held) {
			client.release()
			await unlocked()
			return null
		}
		return async () => {
			// A connection that went meanwhile took the lock with it; it is not handed out again.
			const failed = await client.query('select pg_advisory_unlock($1)', [RUN_LOCK]).then(
				() => undefined,
				(error: Error) => error,
			)
			client.release(failed)
			await unlocked()
		}
	}

	// With the run lock: what a stop or kill left (half-written folders; records of backups that
	// never ended, done after all if their folder is whole, as in a restored site), then, unless
	// the nightly one was taken today already, the record of this backup.
	async function claim(trigger: BackupTrigger, now: Date): Promise<{ id: number; name: string } | null> {
		await settleLeftovers()
		if (trigger === 'nightly' && (await tookNightlyOn(now))) return null
		const name = backupName(options.backupDir, now)
		const [row] = await db.insert(backups).values({ name, trigger, startedAt: now }).returning({ id: backups.id })
		return { id: row!.id, name }
	}

	async function tookNightlyOn(now: Date): Promise<boolean> {
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

	async function settleLeftovers() {
		// A folder that cannot be made or read now fails the backup itself, which says so.
		await ensureBackupDir(options.backupDir)
			.then(() => sweepLeftovers(options.backupDir))
			.catch((error: unknown) => options.logger.warn({ err: error }, 'cannot tidy the backup folder'))
		const stored = new Set((await listStoredBackups(options.backupDir)).map((backup) => backup.name))
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
						? {
								status: 'done',
								sizeBytes: await sizeOf(path.join(options.backupDir, row.name)),
								finishedAt: new Date(),
							}
						: { status: 'failed', problem: 'interrupted: the site stopped during the backup', finishedAt: new Date() },
				)
				.where(eq(backups.id, row.id))
		}
	}

	async function run(claimed: { id: number; name: string }, trigger: BackupTrigger, now: Date): Promise<RunResult> {
		const started = performance.now()
		let result: RunResult
		try {
			const written = await writeBackup(options, claimed.name, now)
			const check = await verifyBackup(written, options)
			result = { name: written.name, ok: true, verified: check.verified, problem: check.problems.join('; ') || null }
			await db
				.update(backups)
				.set({
					status: 'done',
					sizeBytes: written.bytes,
					verified: check.verified,
					problem: result.problem,
					finishedAt: new Date(),
				})
				.where(eq(backups.id, claimed.id))
			options.logger.info(
				{
					backup: written.name,
					bytes: written.bytes,
					verified: check.verified,
					ms: Math.round(performance.now() - started),
				},
				check.verified ? 'wrote and verified a backup' : 'wrote a backup that did not verify',
			)
			if (!check.verified) await tell(written.name, result.problem!)
			await prune()
		} catch (error) {
			const problem = (error as Error).message
			result = { name: claimed.name, ok: false, verified: null, problem }
			options.logger.error({ err: error, backup: claimed.name, trigger }, 'backup failed')
			await db
				.update(backups)
				.set({ status: 'failed', problem, finishedAt: new Date() })
				.where(eq(backups.id, claimed.id))
				.catch(() => {})
			await tell(claimed.name, problem)
		}
		await recordLastRun(trigger, result)
		return result
	}

	async function tell(name: string, problem: string) {
		const [row] = await db.select({ email: settings.email }).from(settings).limit(1)
		if (row) options.sendMail(failureMail(row.email, name, problem))
	}

	async function prune() {
		const [keep] = await db
			.select({ daily: settings.backupKeepDaily, weekly: settings.backupKeepWeekly })
			.from(settings)
			.limit(1)
		if (!keep) return
		const removed = await pruneBackups(options.backupDir, keep, agencyDay, agencyWeek)
		if (removed.length) options.logger.info({ backups: removed }, 'removed backups past their retention')
	}

	async function recordLastRun(trigger: BackupTrigger, result: RunResult) {
		const file = path.join(options.backupDir, LAST_RUN)
		const text = JSON.stringify({ trigger, ...result, finishedAt: new Date().toISOString() })
		await writeFile(`${file}.tmp`, text, { mode: OWNER_ONLY_FILE })
			.then(() => rename(`${file}.tmp`, file))
			.catch((error: unknown) => options.logger.warn({ err: error }, 'could not note the last backup'))
	}

	// Starts a backup unless one is under way (here or in another process); `done` settles with
	// how it went.
	async function start(trigger: BackupTrigger, now = new Date()) {
		const release = await takeRunLock()
		if (!release) return { started: false as const }
		let claimed: { id: number; name: string } | null
		try {
			claimed = await claim(trigger, now)
		} catch (error) {
			await release()
			throw error
		}
		if (!claimed) {
			await release()
			return { started: false as const }
		}
		running = run(claimed, trigger, now).finally(() => {
			running = null
			return release()
		})
		return { started: true as const, name: claimed.name, done: running }
	}

	async function tick(now = new Date()) {
		const [row] = await db.select({ time: settings.backupTime }).from(settings).limit(1)
		if (!row || agencyTime(now) < row.time) return
		// Asked again under the lock (another process may take it meanwhile); this read spares the
		// lock and the tidying on every minute of the day after the night's backup.
		if (running || (await tookNightlyOn(now))) return
		await start('nightly', now)
	}

	return {
		start,
		tick,
		isRunning: () => running !== null,
		// At the start: what a stop or kill left, unless another process is backing up right now.
		async reconcile() {
			const release = await takeRunLock()
			if (!release) return
			try {
				await settleLeftovers()
			} finally {
				await release()
			}
		},
		startSchedule() {
			const run = () =>
				void tick().catch((error: unknown) => options.logger.error({ err: error }, 'backup schedule failed'))
			// A night missed while the site was stopped is taken a moment after it starts again, not
			// a minute later.
			first = setTimeout(run, 1000)
			first.unref()
			timer = setInterval(run, TICK_MS)
			timer.unref()
		},
		async close() {
			clearTimeout(first)
			clearInterval(timer)
			// A backup under way is left to the kill: its half-written folder never looks finished.
		},
	}
}

export type BackupRunner = ReturnType<typeof createBackupRunner>

const dayFormat = new Intl.DateTimeFormat('en-CA', {
	timeZone: AGENCY_TIME_ZONE,
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
})
const timeFormat = new Intl.DateTimeFormat('en-GB', {
	timeZone: AGENCY_TIME_ZONE,
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
})

export const agencyDay = (date: Date) => dayFormat.format(date)
export const agencyTime = (date: Date) => timeFormat.format(date)

// The Monday of the date's week, in the agency's zone.
export function agencyWeek(date: Date): string {
	const day = new Date(`${agencyDay(date)}T00:00:00Z`)
	day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
	return day.toISOString().slice(0, 10)
}
