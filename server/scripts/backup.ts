// `npm run backup`: one backup now, verified, into BACKUP_DIR (see the README, "Backups and moving a
// site"). When the embedded database is open in a running site, that site takes the backup (this
// asks it with SIGUSR2 and waits for its answer): no second process may open the database. Otherwise
// (the site stopped, or PostgreSQL) this process takes it.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { embeddedDatabaseHolder, openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { createBackupRunner } from '#server/backups/runner.ts'
import { LAST_RUN, type RunResult } from '#app/models/backup/records.server.ts'
import { parseEnv } from '#server/env.ts'
import { createLogger } from '#server/logger.ts'
import { createMailer } from '#server/mailer.ts'
import { backupDirOf } from '#server/services.ts'
import { loadSecretKey } from '#server/secret-key.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run backup')

const env = parseEnv()
const backupDir = backupDirOf(env)

// The site that has the embedded database open, if it runs.
const runningSite = (): number | null => (env.DATABASE_URL ? null : embeddedDatabaseHolder(env.DATA_DIR))

async function askSite(pid: number): Promise<RunResult> {
	const file = path.join(backupDir, LAST_RUN)
	const asked = Date.now()
	process.kill(pid, 'SIGUSR2')
	console.log(`the site (process ${pid}) has the database open: it is taking the backup…`)
	for (;;) {
		await new Promise((resolve) => setTimeout(resolve, 500))
		if (existsSync(file) && statSync(file).mtimeMs >= asked) return JSON.parse(readFileSync(file, 'utf8')) as RunResult
		try {
			process.kill(pid, 0)
		} catch {
			throw new Error(`the site (process ${pid}) stopped before the backup was done`)
		}
	}
}

async function backUpHere(): Promise<RunResult> {
	const logger = createLogger({ LOG_LEVEL: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL })
	const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
	const mailer = createMailer(env, logger)
	try {
		await migrateDatabase(database)
		const runner = createBackupRunner({
			database,
			databaseUrl: env.DATABASE_URL,
			dataDir: path.resolve(env.DATA_DIR),
			backupDir,
			passphrase: env.BACKUP_PASSPHRASE,
			secretKey: loadSecretKey(env, logger),
			partDeadlineMs: env.BACKUP_PART_TIMEOUT_S * 1000,
			logger,
			sendMail: mailer.send,
		})
		await runner.reconcile()
		const run = await runner.start('manual')
		if (!run.started) throw new Error('another backup is under way: try again when it is done')
		return await run.done
	} finally {
		await mailer.close()
		await database.close()
	}
}

const pid = runningSite()
const result = pid ? await askSite(pid) : await backUpHere()
if (!result.ok) {
	console.error(`backup failed: ${result.problem}`)
	process.exit(1)
}
console.log(`wrote ${path.join(backupDir, result.name)}`)
if (result.verified) console.log('verified: restored into a scratch place, every table and file as the manifest says')
else {
	console.error(`written, but it did not verify: ${result.problem}`)
	process.exit(1)
}
