// The files a backup holds beside the database: customers' documents and delivered translations
// (DATA_DIR/documents; what is past its retention period is already swept away), staff photos'
// originals (media), the images pages show (uploads), and the key sessions are signed with. The
// company index and the mail folder are left out: the first is rebuilt from the database, the
// second is a developer's outbox.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { FILE_FOLDERS, keptFiles } from '#app/models/files/store.server.ts'
import { BackupError } from '#app/models/backup/errors.server.ts'
import { packTar, unpackTar } from '#app/models/backup/tar.server.ts'

export { FILE_FOLDERS }
export const LOOSE_FILES = ['secret_key'] as const

export type FileEntry = { path: string; size: number; sha256: string }

// Every file under DATA_DIR a backup takes, in a stable order. A file being uploaded right now
// (`.part`) is not one yet.
export async function keptNames(root: string): Promise<string[]> {
	const names = await keptFiles(root)
	for (const file of LOOSE_FILES) if (await isFile(path.join(root, file))) names.push(file)
	return names.sort()
}

// The same files with their sizes and sums, as they are on the disk now.
export async function listFiles(root: string): Promise<FileEntry[]> {
	const entries: FileEntry[] = []
	for (const name of await keptNames(root)) {
		const entry = await sumFile(root, name)
		if (entry) entries.push(entry)
	}
	return entries
}

// The tar of the named files (tar.server.ts); `packed` lists, once the stream has ended, each file
// with the size and sum it was packed with: what the manifest lists (the retention sweep may delete
// a file meanwhile, which is then left out).
export function packFiles(root: string, names: string[]): { stream: Readable; packed: FileEntry[] } {
	return packTar(root, names)
}

// Unpacks into `target` exactly the files the manifest lists, each with its size and sum, regular
// files only, never a path outside it or outside the folders a backup holds; anything else is refused
// by name, and so is a listed file the archive lacks.
export async function unpackFiles(stream: Readable, target: string, listed: FileEntry[]): Promise<void> {
	const expected = new Map(listed.map((file) => [file.path, file]))
	const allowed = (name: string) =>
		FILE_FOLDERS.some((folder) => name.startsWith(`${folder}/`)) || (LOOSE_FILES as readonly string[]).includes(name)
	const unpacked = await unpackTar(stream, {
		target,
		accept: (name) => (allowed(name) ? (expected.get(name) ?? null) : null),
	})
	if (unpacked.length !== expected.size) {
		const found = new Set(unpacked.map((file) => file.path))
		const missing = listed.find((file) => !found.has(file.path))!
		throw new BackupError('damaged', `the backup's file ${missing.path} is missing: nothing was restored`)
	}
}

async function isFile(file: string): Promise<boolean> {
	return stat(file).then(
		(info) => info.isFile(),
		() => false,
	)
}

async function sumFile(root: string, name: string): Promise<FileEntry | null> {
	const hash = createHash('sha256')
	let size = 0
	try {
		for await (const chunk of createReadStream(path.join(root, name)) as AsyncIterable<Buffer>) {
			hash.update(chunk)
			size += chunk.length
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
		throw error
	}
	return { path: name, size, sha256: hash.digest('hex') }
}
