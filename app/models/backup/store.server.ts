// The backup folder (BACKUP_DIR): one folder per backup, named by its time, readable by the site's
// user only. A backup is written under a `.partial-` name and renamed when whole, so a folder with a
// backup's name always holds a finished one; what a stop or kill -9 left half-written is swept.
import { existsSync } from 'node:fs'
import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { flushToDisk, OWNER_ONLY_DIR } from '#app/models/backup/part.server.ts'
import { MANIFEST } from '#app/models/backup/manifest.server.ts'
import { FILE_FOLDERS } from '#app/models/backup/files.server.ts'

const NAME = /^tolk-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(-\d+)?$/
export const PARTIAL_PREFIX = '.partial-'
export const VERIFY_PREFIX = '.verify-'
const DAY_MS = 24 * 60 * 60 * 1000

export type StoredBackup = { name: string; createdAt: Date; path: string }

// Backups never go where files are served (uploads) or where a backup reads its files from (it
// would hold the backups before it).
export function checkBackupDir(dataDir: string, backupDir: string): void {
	for (const folder of FILE_FOLDERS) {
		const relative = path.relative(path.resolve(dataDir, folder), path.resolve(backupDir))
		if (!relative.startsWith('..') && !path.isAbsolute(relative))
			throw new Error(`BACKUP_DIR must not be inside DATA_DIR/${folder}: choose another folder`)
	}
}

export async function ensureBackupDir(backupDir: string): Promise<void> {
	await mkdir(backupDir, { recursive: true, mode: OWNER_ONLY_DIR })
	await chmod(backupDir, OWNER_ONLY_DIR)
}

// A name of its own for a backup made at `now`.
export function backupName(backupDir: string, now: Date): string {
	const base = `tolk-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`
	let name = base
	for (
		let n = 2;
		existsSync(path.join(backupDir, name)) || existsSync(path.join(backupDir, PARTIAL_PREFIX + name));
		n++
	)
		name = `${base}-${n}`
	return name
}

// The finished backups, newest first.
export async function listStoredBackups(backupDir: string): Promise<StoredBackup[]> {
	const names = await readdir(backupDir).catch(() => [] as string[])
	const found: StoredBackup[] = []
	for (const name of names) {
		const match = NAME.exec(name)
		if (!match || !existsSync(path.join(backupDir, name, MANIFEST))) continue
		const createdAt = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`)
		found.push({ name, createdAt, path: path.join(backupDir, name) })
	}
	return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name))
}

export async function sizeOf(folder: string): Promise<number> {
	let bytes = 0
	for (const name of await readdir(folder)) bytes += (await stat(path.join(folder, name))).size
	return bytes
}

// Keeps every backup of the last 24 hours, and the newest backup of each of the last `daily` days that have one and of each of the last
// `weekly` weeks (Monday to Sunday, in the agency's zone) that have one; removes the others.
export async function pruneBackups(
	backupDir: string,
	keep: { daily: number; weekly: number },
	dayOf: (date: Date) => string,
	weekOf: (date: Date) => string,
): Promise<string[]> {
	const backups = await listStoredBackups(backupDir)
	// The last day's are all kept: a backup taken by hand before a big change outlives the night.
	const since = Date.now() - DAY_MS
	const kept = new Set<string>(
		backups.filter((backup, index) => index === 0 || backup.createdAt.getTime() > since).map((backup) => backup.name),
	)
	for (const [period, count] of [
		[dayOf, keep.daily],
		[weekOf, keep.weekly],
	] as const) {
		const seen = new Set<string>()
		for (const backup of backups) {
			const key = period(backup.createdAt)
			if (seen.has(key)) continue
			seen.add(key)
			if (seen.size > count) break
			kept.add(backup.name)
		}
	}
	const removed = backups.filter((backup) => !kept.has(backup.name))
	for (const backup of removed) await rm(backup.path, { recursive: true, force: true })
	return removed.map((backup) => backup.name)
}

// What an interrupted backup or verification left behind.
export async function sweepLeftovers(backupDir: string): Promise<string[]> {
	const names = await readdir(backupDir).catch(() => [] as string[])
	const left = names.filter((name) => name.startsWith(PARTIAL_PREFIX) || name.startsWith(VERIFY_PREFIX))
	for (const name of left) await rm(path.join(backupDir, name), { recursive: true, force: true })
	return left
}

// Makes a rename or a new file in `folder` survive a power cut.
export const syncFolder = flushToDisk
