// The files a backup holds beside the database: customers' documents and delivered translations
// (DATA_DIR/documents; what is past its retention period is already swept away), staff photos'
// originals (media), the images pages show (uploads), and the key sessions are signed with. The
// company index and the mail folder are left out: the first is rebuilt from the database, the
// second is a developer's outbox.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { create, extract } from 'tar'
import { FILE_FOLDERS, keptFiles } from '#app/models/files/store.server.ts'

export { FILE_FOLDERS }
export const LOOSE_FILES = ['secret_key'] as const

export type FileEntry = { path: string; size: number; sha256: string }

// Every file under DATA_DIR a backup takes, with its size and sum, in a stable order. A file being
// uploaded right now (`.part`) is not one yet; a file gone between listing and summing is left out.
export async function listFiles(root: string): Promise<FileEntry[]> {
	const names: string[] = []
	names.push(...(await keptFiles(root)))
	for (const file of LOOSE_FILES) if (await isFile(path.join(root, file))) names.push(file)
	const entries: FileEntry[] = []
	for (const name of names.sort()) {
		const entry = await sumFile(root, name)
		if (entry) entries.push(entry)
	}
	return entries
}

// The tar of the listed files; `packed` names those that were still there to pack (the retention
// sweep may delete one meanwhile), which are the ones the manifest lists.
export function packFiles(root: string, files: FileEntry[]): { stream: Readable; packed: Set<string> } {
	const packed = new Set<string>()
	// A tar of nothing is its end marker: two empty blocks.
	if (files.length === 0) return { stream: Readable.from([Buffer.alloc(1024)]), packed }
	const pack = create(
		{
			cwd: root,
			portable: true,
			noDirRecurse: true,
			filter: (name) => {
				packed.add(name)
				return true
			},
		},
		files.map((file) => file.path),
	)
	return { stream: Readable.from(pack), packed }
}

// Unpacks into `target` only the folders and files a backup may hold, never a path outside it.
export async function unpackFiles(stream: Readable, target: string): Promise<void> {
	const allowed = (name: string) =>
		FILE_FOLDERS.some((folder) => name.startsWith(`${folder}/`)) || (LOOSE_FILES as readonly string[]).includes(name)
	await pipeline(stream, extract({ cwd: target, strict: true, filter: allowed }))
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
