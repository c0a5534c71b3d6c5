// Writes one backup of the running site: the database's snapshot, then the files, then the
// manifest, in a `.partial-` folder renamed into place only when all of it is on disk. Whatever
// goes wrong (a full disk, a kill) leaves the earlier backups and the site as they were.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { DatabaseHandle } from '#database/client.ts'
import { listFiles, packFiles } from '#app/models/backup/files.server.ts'
import { codeMigration, codeVersion, FORMAT, MANIFEST, type Manifest } from '#app/models/backup/manifest.server.ts'
import { flushToDisk, OWNER_ONLY_DIR, OWNER_ONLY_FILE, writePart } from '#app/models/backup/part.server.ts'
import { snapshotDatabase } from '#app/models/backup/snapshot.server.ts'
import { ensureBackupDir, PARTIAL_PREFIX, syncFolder } from '#app/models/backup/store.server.ts'

export type BackupTarget = {
	database: DatabaseHandle
	databaseUrl?: string
	dataDir: string
	backupDir: string
	passphrase?: string
}

export type WrittenBackup = { name: string; path: string; manifest: Manifest; bytes: number }

// `name` is the backup's folder (store.server.ts backupName), `now` its time.
export async function writeBackup(target: BackupTarget, name: string, now = new Date()): Promise<WrittenBackup> {
	await ensureBackupDir(target.backupDir)
	const partial = path.join(target.backupDir, PARTIAL_PREFIX + name)
	await mkdir(partial, { mode: OWNER_ONLY_DIR })
	try {
		const snapshot = await snapshotDatabase({ ...target, into: partial })
		const listed = await listFiles(target.dataDir)
		const files = packFiles(target.dataDir, listed)
		const filesPart = `files.tar${target.passphrase ? '.age' : ''}`
		const filesSum = await writePart(files.stream, path.join(partial, filesPart), target.passphrase)
		const manifest: Manifest = {
			format: FORMAT,
			app: 'tolk',
			name,
			version: codeVersion(),
			createdAt: now.toISOString(),
			engine: target.database.kind,
			migration: codeMigration(),
			encrypted: Boolean(target.passphrase),
			tables: snapshot.tables,
			files: listed.filter((file) => files.packed.has(file.path)),
			parts: { database: { file: snapshot.file, ...snapshot.sum }, files: { file: filesPart, ...filesSum } },
			...(snapshot.heldMs === undefined ? {} : { heldMs: Math.round(snapshot.heldMs) }),
		}
		const manifestFile = path.join(partial, MANIFEST)
		const text = `${JSON.stringify(manifest, null, '\t')}\n`
		await writeFile(manifestFile, text, { mode: OWNER_ONLY_FILE, flag: 'wx' })
		await flushToDisk(manifestFile)
		await syncFolder(partial)
		const finished = path.join(target.backupDir, name)
		await rename(partial, finished)
		await syncFolder(target.backupDir)
		const bytes = manifest.parts.database.bytes + manifest.parts.files.bytes + Buffer.byteLength(text)
		return { name, path: finished, manifest, bytes }
	} catch (error) {
		await rm(partial, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => {})
		throw error
	}
}
