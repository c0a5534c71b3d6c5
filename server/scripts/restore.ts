// `npm run restore -- BACKUP [--force] [--trust-manifest]`: brings a site back from a backup (a
// folder, or a backup's name in BACKUP_DIR, or `latest`) into DATA_DIR, and into the PostgreSQL
// database DATABASE_URL names when it is set. The site must be stopped. Either engine's backup
// restores into either: this is also how a site moves between the embedded database and PostgreSQL.
// An unencrypted backup's manifest must be signed with the site's key when one is known here
// (SECRET_KEY, or DATA_DIR's secret_key being replaced); --trust-manifest vouches for one that is not.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { BackupError } from '#app/models/backup/errors.server.ts'
import { restoreBackup } from '#app/models/backup/restore.server.ts'
import { listStoredBackups } from '#app/models/backup/store.server.ts'
import { parseEnv } from '#server/env.ts'
import { backupDirOf } from '#server/services.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run restore -- BACKUP [--force] [--trust-manifest]')

const { values, positionals } = parseArgs({
	allowPositionals: true,
	options: { force: { type: 'boolean' }, 'trust-manifest': { type: 'boolean' } },
})
const env = parseEnv()

async function findBackup(given: string | undefined): Promise<string> {
	if (!given)
		throw new BackupError(
			'not-a-backup',
			'usage: npm run restore -- BACKUP [--force] [--trust-manifest] (a folder, a name in BACKUP_DIR, or latest)',
		)
	if (given === 'latest') {
		const [newest] = await listStoredBackups(backupDirOf(env))
		if (!newest) throw new BackupError('not-a-backup', `there is no backup in ${backupDirOf(env)}`)
		return newest.path
	}
	if (existsSync(given)) return path.resolve(given)
	const named = path.join(backupDirOf(env), given)
	if (existsSync(named)) return named
	throw new BackupError('not-a-backup', `${given} is neither a folder nor a backup in ${backupDirOf(env)}`)
}

// The key this site signs with, when it has one already (never made here: a fresh DATA_DIR has none).
function knownSecretKey(): string | undefined {
	if (env.SECRET_KEY) return env.SECRET_KEY
	try {
		const kept = readFileSync(path.resolve(env.DATA_DIR, 'secret_key'), 'utf8').trim()
		return kept.length >= 32 ? kept : undefined
	} catch {
		return undefined
	}
}

try {
	const backup = await findBackup(positionals[0])
	const secretKey = knownSecretKey()
	const started = performance.now()
	const manifest = await restoreBackup({
		backup,
		dataDir: path.resolve(env.DATA_DIR),
		databaseUrl: env.DATABASE_URL,
		passphrase: env.BACKUP_PASSPHRASE,
		force: values.force,
		secretKey,
		trustManifest: values['trust-manifest'],
	})
	const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0)
	const target = env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'
	console.log(
		`restored ${path.basename(backup)} (${manifest.engine} backup of ${manifest.createdAt}) into ${target} and ${path.resolve(env.DATA_DIR)}: ` +
			`${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
	)
	if (!manifest.encrypted && !secretKey)
		console.log(
			"the manifest was not checked against a key: this machine has none (set SECRET_KEY to the site's key to check it)",
		)
	console.log('start the site as usual (npm start): it brings the schema up to date if the backup is older')
} catch (error) {
	console.error(`restore refused: ${(error as Error).message}`)
	process.exit(error instanceof BackupError ? 2 : 1)
}
