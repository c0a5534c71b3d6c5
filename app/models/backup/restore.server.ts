// Brings a site back from a backup, into an empty DATA_DIR (and an empty PostgreSQL database when
// DATABASE_URL is given), from either engine's backup: `npm run restore -- BACKUP`. Nothing is
// changed until every part is known whole; the database is loaded in one go; the files are moved in
// last. A non-empty target is refused unless `force`, which moves what was there aside (files) or
// drops it (a PostgreSQL database's tables).
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { embeddedDatabaseHolder, openDatabase } from '#database/client.ts'
import { BackupError } from '#app/models/backup/errors.server.ts'
import { FILE_FOLDERS, LOOSE_FILES, unpackFiles } from '#app/models/backup/files.server.ts'
import { openBackupKey } from '#app/models/backup/key.server.ts'
import { unpackTar } from '#app/models/backup/tar.server.ts'
import { codeMigration, manifestSignedWith, readManifest, type Manifest } from '#app/models/backup/manifest.server.ts'
import { copyPgliteToPostgres, loadDumpIntoPglite } from '#app/models/backup/move.server.ts'
import { checkPart, OWNER_ONLY_DIR, readPart, type Opening } from '#app/models/backup/part.server.ts'
import { runToolToEnd, withClient } from '#app/models/backup/pg-tools.server.ts'
import { writeOutStored } from '#app/models/files/postgres-store.server.ts'

export type RestoreOptions = {
	backup: string
	dataDir: string
	databaseUrl?: string
	passphrase?: string
	// An encrypted backup's key, already open (its verification, right after it was written).
	identity?: string
	force?: boolean
	// The restoring site's secret key (SECRET_KEY, or the key of the DATA_DIR being replaced): an
	// unencrypted backup's manifest must then be signed with it, unless `trustManifest` (a backup
	// from another site, or from before backups were signed, that the operator vouches for).
	secretKey?: string
	trustManifest?: boolean
}

export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
	const manifest = await readManifest(options.backup)
	refuseUnreadable(manifest, options)
	await refuseUnsigned(manifest, options)
	const part = (name: 'database' | 'files') => path.join(options.backup, manifest.parts[name].file)
	await checkPart(part('database'), manifest.parts.database)
	await checkPart(part('files'), manifest.parts.files)
	const opening = await openingOf(manifest, options)
	await mkdir(options.dataDir, { recursive: true, mode: OWNER_ONLY_DIR })
	refuseRunningSite(options.dataDir)
	await makeRoom(options)
	const staging = await mkdtemp(path.join(options.dataDir, '.restore-'))
	try {
		const files = await readPart(part('files'), manifest.parts.files, opening)
		await unpackFiles(files, staging, manifest.files)
		const database = await readPart(part('database'), manifest.parts.database, opening)
		await restoreDatabase(manifest, database, staging, options)
		await settleBackupRecords(staging, options.databaseUrl, manifest.name)
		// A PostgreSQL site keeps every file in its database too; the embedded one on the disk alone.
		if (manifest.engine === 'postgres' && !options.databaseUrl) await writeOutFiles(staging)
		for (const name of [...FILE_FOLDERS, ...LOOSE_FILES, 'pglite'])
			if (existsSync(path.join(staging, name))) await rename(path.join(staging, name), path.join(options.dataDir, name))
	} finally {
		// An unpacking that failed may still be finishing its last writes: retried, and never in the
		// way of the reason the restore stopped.
		await rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => {})
	}
	return manifest
}

// How an encrypted backup's parts are opened: with its own key, opened by the passphrase once.
async function openingOf(manifest: Manifest, options: RestoreOptions): Promise<Opening | undefined> {
	if (!manifest.encrypted) return undefined
	if (!manifest.parts.key) return { passphrase: options.passphrase! }
	if (options.identity) return { identity: options.identity }
	const file = path.join(options.backup, manifest.parts.key.file)
	await checkPart(file, manifest.parts.key)
	return { identity: await openBackupKey(file, options.passphrase!) }
}

function refuseUnreadable(manifest: Manifest, options: RestoreOptions) {
	const code = codeMigration()
	if (manifest.migration.index > code.index)
		throw new BackupError(
			'newer',
			`this backup is from a newer version of the site (schema ${manifest.migration.tag}, this code knows up to ${code.tag}): restore it with that version or newer`,
		)
	const target = options.databaseUrl ? 'postgres' : 'pglite'
	if (manifest.engine === 'postgres' && target === 'pglite' && manifest.migration.index !== code.index)
		throw new BackupError(
			'engine',
			`a PostgreSQL backup moves to the embedded database only with the version that made it (schema ${manifest.migration.tag}, this code is at ${code.tag}): restore it into PostgreSQL first, start the site once, and back up again`,
		)
	if (manifest.encrypted && !options.passphrase)
		throw new BackupError(
			'passphrase',
			'this backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with',
		)
}

// An encrypted backup is vouched for by its passphrase (every part is sealed); an unencrypted one,
// when this site has a key to check it with, by its manifest's signature.
async function refuseUnsigned(manifest: Manifest, { backup, secretKey, trustManifest }: RestoreOptions) {
	if (manifest.encrypted || !secretKey || trustManifest) return
	const signed = await manifestSignedWith(backup, secretKey)
	if (signed === 'signed') return
	throw new BackupError(
		'unauthenticated',
		signed === 'unsigned'
			? `this backup's manifest is not signed (it was made before backups were signed, or the signature was removed): restore it with --trust-manifest if you know where it comes from`
			: `this backup's manifest is not signed with this site's secret key: it was made by another site (set SECRET_KEY to that site's key) or changed since; restore it with --trust-manifest only if you know where it comes from`,
	)
}

async function restoreDatabase(manifest: Manifest, stream: Readable, staging: string, { databaseUrl }: RestoreOptions) {
	if (manifest.engine === 'postgres' && databaseUrl) {
		const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1))
		const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${name}`]
		return runToolToEnd('pg_restore', args, databaseUrl, stream)
	}
	if (manifest.engine === 'postgres') return loadDumpIntoPglite(stream, staging)
	const gunzip = createGunzip()
	stream.on('error', (error) => gunzip.destroy(error)).pipe(gunzip)
	await unpackTar(gunzip, {
		target: staging,
		accept: (name) => (/^pglite(\/|$)/.test(name) ? {} : null),
		folders: true,
		within: 'pglite',
		maxBytes: unpackedBound(manifest.parts.database),
	})
	if (!existsSync(path.join(staging, 'pglite'))) throw new BackupError('damaged', 'the database part holds no database')
	if (databaseUrl) {
		await copyPgliteToPostgres(staging, databaseUrl)
		await rm(path.join(staging, 'pglite'), { recursive: true, force: true })
	}
}

// What the embedded database's part may unpack to: what its manifest says it held, or, for a backup
// made before that was written, 64 times its stored size (a data directory compresses four to
// twenty times) and at least 256 MiB: never the gigabytes a crafted archive of zeros expands to.
const OLD_BACKUP_RATIO = 64
const OLD_BACKUP_FLOOR = 256 * 1024 * 1024
export const unpackedBound = (part: Manifest['parts']['database']) =>
	part.unpacked ?? Math.max(OLD_BACKUP_FLOOR, part.bytes * OLD_BACKUP_RATIO)

// The snapshot was taken while its own backup was under way: in the restored site, that backup is
// done (and any other that was under way then never will be).
async function settleBackupRecords(staging: string, databaseUrl: string | undefined, name: string) {
	const handle = await openDatabase({ dataDir: staging, databaseUrl })
	try {
		await handle.pool.query(
			`update backups set status = case when name = $1 then 'done' else 'failed' end,
				problem = case when name = $1 then problem else 'interrupted: the site stopped during the backup' end,
				finished_at = now() where status = 'running'`,
			[name],
		)
	} finally {
		await handle.close()
	}
}

async function writeOutFiles(staging: string) {
	const handle = await openDatabase({ dataDir: staging })
	try {
		await writeOutStored(handle.db, staging)
	} finally {
		await handle.close()
	}
}

function refuseRunningSite(dataDir: string) {
	const pid = embeddedDatabaseHolder(dataDir)
	if (pid) throw new BackupError('busy', `the site is running on ${dataDir} (process ${pid}): stop it before restoring`)
}

// An empty target, or (with force) one made empty: files moved aside, a PostgreSQL schema dropped.
async function makeRoom({ dataDir, databaseUrl, force }: RestoreOptions) {
	const names = [...FILE_FOLDERS, ...LOOSE_FILES, ...(databaseUrl ? [] : ['pglite'])]
	const present: string[] = []
	for (const name of names) if (await holdsSomething(path.join(dataDir, name))) present.push(name)
	const tables = databaseUrl ? await tablesIn(databaseUrl) : 0
	if (!present.length && !tables) return
	if (!force)
		throw new BackupError(
			'not-empty',
			`the target is not empty (${[...present.map((name) => path.join(dataDir, name)), ...(tables ? [`${tables} tables in the database`] : [])].join(', ')}): restore into an empty one, or add --force to replace it (files are moved aside, the database's tables are dropped)`,
		)
	const aside = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`)
	if (present.length) await mkdir(aside, { mode: OWNER_ONLY_DIR })
	for (const name of present) await rename(path.join(dataDir, name), path.join(aside, name))
	if (tables) await dropTables(databaseUrl!)
}

async function holdsSomething(file: string): Promise<boolean> {
	if (!existsSync(file)) return false
	return readdir(file).then(
		(entries) => entries.length > 0,
		() => true,
	)
}

const tablesIn = (databaseUrl: string) =>
	withClient(databaseUrl, async (client) => {
		const { rows } = await client.query<{ count: number }>(
			`select count(*)::int as count from pg_tables where schemaname in ('public', 'drizzle')`,
		)
		return rows[0]!.count
	})

const dropTables = (databaseUrl: string) =>
	withClient(databaseUrl, (client) =>
		client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public'),
	)
