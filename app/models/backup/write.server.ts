// Writes one backup of the running site: the database's snapshot, then the files, then the
// manifest, in a `.partial-` folder renamed into place only when all of it is on disk. Whatever
// goes wrong (a full disk, a kill) leaves the earlier backups and the site as they were.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { DatabaseHandle } from '#database/client.ts'
import { keptNames, packFiles } from '#app/models/backup/files.server.ts'
import { KEY_PART, newBackupKey, type BackupKey } from '#app/models/backup/key.server.ts'
import {
	codeMigration,
	codeVersion,
	FORMAT,
	MANIFEST,
	MANIFEST_SIGNATURE,
	signManifest,
	type Manifest,
} from '#app/models/backup/manifest.server.ts'
import { flushToDisk, OWNER_ONLY_DIR, OWNER_ONLY_FILE, writePart } from '#app/models/backup/part.server.ts'
import { snapshotDatabase } from '#app/models/backup/snapshot.server.ts'
import { ensureBackupDir, PARTIAL_PREFIX, syncFolder } from '#app/models/backup/store.server.ts'

export type BackupTarget = {
	database: DatabaseHandle
	databaseUrl?: string
	dataDir: string
	backupDir: string
	passphrase?: string
	// The site's secret key: the manifest is signed with it, so a restore that has the key knows the
	// backup is this site's (manifest.server.ts).
	secretKey?: string
	// How long one part (the database, the files) may take to write; past it the backup fails.
	partDeadlineMs?: number
}

// `key`: an encrypted backup's own key, which its verification opens it with.
export type WrittenBackup = { name: string; path: string; manifest: Manifest; bytes: number; key?: BackupKey }

export const PART_DEADLINE_MS = 60 * 60 * 1000

// `name` is the backup's folder (store.server.ts backupName), `now` its time.
export async function writeBackup(target: BackupTarget, name: string, now = new Date()): Promise<WrittenBackup> {
	await ensureBackupDir(target.backupDir)
	const partial = path.join(target.backupDir, PARTIAL_PREFIX + name)
	await mkdir(partial, { mode: OWNER_ONLY_DIR })
	try {
		const key = target.passphrase ? await writeKey(partial, target.passphrase) : undefined
		const part = { sealing: key?.key, deadlineMs: target.partDeadlineMs ?? PART_DEADLINE_MS }
		const snapshot = await snapshotDatabase({ ...target, into: partial, part })
		const files = packFiles(target.dataDir, await keptNames(target.dataDir))
		const filesPart = `files.tar${key ? '.age' : ''}`
		const filesSum = await writePart(files.stream, path.join(partial, filesPart), part)
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
			files: files.packed,
			parts: {
				database: {
					file: snapshot.file,
					...snapshot.sum,
					...(snapshot.unpacked === undefined ? {} : { unpacked: snapshot.unpacked }),
				},
				files: { file: filesPart, ...filesSum },
				...(key ? { key: { file: KEY_PART, ...key.sum } } : {}),
			},
			...(snapshot.heldMs === undefined ? {} : { heldMs: Math.round(snapshot.heldMs) }),
		}
		const manifestFile = path.join(partial, MANIFEST)
		const text = `${JSON.stringify(manifest, null, '\t')}\n`
		await writeFile(manifestFile, text, { mode: OWNER_ONLY_FILE, flag: 'wx' })
		await flushToDisk(manifestFile)
		if (target.secretKey) {
			const signature = path.join(partial, MANIFEST_SIGNATURE)
			await writeFile(signature, `${signManifest(text, target.secretKey)}\n`, { mode: OWNER_ONLY_FILE, flag: 'wx' })
			await flushToDisk(signature)
		}
		await syncFolder(partial)
		const finished = path.join(target.backupDir, name)
		await rename(partial, finished)
		await syncFolder(target.backupDir)
		const bytes =
			manifest.parts.database.bytes +
			manifest.parts.files.bytes +
			(manifest.parts.key?.bytes ?? 0) +
			Buffer.byteLength(text)
		return { name, path: finished, manifest, bytes, key: key?.key }
	} catch (error) {
		await rm(partial, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => {})
		throw error
	}
}

// The backup's own key, sealed with the passphrase (once, off the site's thread) beside its parts.
async function writeKey(folder: string, passphrase: string) {
	const { key, sealed } = await newBackupKey(passphrase)
	const sum = await writePart(Readable.from([Buffer.from(sealed)]), path.join(folder, KEY_PART))
	return { key, sum }
}
