// Runs backups for the site: one at a time, nightly at the time the settings say (the agency's
// zone) and on demand, each verified, recorded and followed by the retention sweep (the models in
// app/models/backup/records.server.ts). With several processes on one PostgreSQL, one of them
// takes each backup: the run lock below.
import type { Logger } from '#server/logger.ts'
import type { SendMail } from '#server/mailer.ts'
import { checkBackupDir } from '#app/models/backup/store.server.ts'
import { verifyBackup } from '#app/models/backup/verify.server.ts'
import { writeBackup, type BackupTarget } from '#app/models/backup/write.server.ts'
import {
	claimBackup,
	isBackupTime,
	noteLastRun,
	recordBackupDone,
	recordBackupFailed,
	settleLeftovers,
	tookNightlyOn,
	type BackupTrigger,
	type Claimed,
	type RunResult,
} from '#app/models/backup/records.server.ts'
import { createRunLock } from '#server/backups/run-lock.ts'

export type BackupRunnerOptions = BackupTarget & { logger: Logger; sendMail: SendMail }

const TICK_MS = 60 * 1000

export function createBackupRunner(options: BackupRunnerOptions) {
	checkBackupDir(options.dataDir, options.backupDir)
	const records = { ...options, db: options.database.db }
	const runLock = createRunLock(options.database)
	let running: Promise<RunResult> | null = null
	let timer: NodeJS.Timeout | undefined
	let first: NodeJS.Timeout | undefined

	async function run(claimed: Claimed, trigger: BackupTrigger, now: Date): Promise<RunResult> {
		const started = performance.now()
		let result: RunResult
		try {
			const written = await writeBackup(options, claimed.name, now)
			const check = await verifyBackup(written, options)
			result = await recordBackupDone(records, claimed, written, check)
			options.logger.info(
				{
					backup: written.name,
					bytes: written.bytes,
					verified: check.verified,
					ms: Math.round(performance.now() - started),
				},
				check.verified ? 'wrote and verified a backup' : 'wrote a backup that did not verify',
			)
		} catch (error) {
			options.logger.error({ err: error, backup: claimed.name, trigger }, 'backup failed')
			result = await recordBackupFailed(records, claimed, error)
		}
		await noteLastRun(records, trigger, result)
		return result
	}

	// Starts a backup unless one is under way (here or in another process); `done` settles with
	// how it went.
	async function start(trigger: BackupTrigger, now = new Date()) {
		const release = await runLock.take()
		if (!release) return { started: false as const }
		let claimed: Claimed | null
		try {
			claimed = await claimBackup(records, trigger, now)
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
		if (!(await isBackupTime(records.db, now))) return
		// Asked again under the lock (another process may take it meanwhile); this read spares the
		// lock and the tidying on every minute of the day after the night's backup.
		if (running || (await tookNightlyOn(records.db, now))) return
		await start('nightly', now)
	}

	return {
		start,
		tick,
		isRunning: () => running !== null,
		// At the start: what a stop or kill left, unless another process is backing up right now.
		async reconcile() {
			const release = await runLock.take()
			if (!release) return
			try {
				await settleLeftovers(records)
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
