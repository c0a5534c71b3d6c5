import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'

// The files the site keeps under DATA_DIR (customers' documents and what was counted of them,
// translations, media), shared by every process on every machine (decision 021). Each process
// writes and reads its files under DATA_DIR as before; with PostgreSQL the store also keeps each
// in the database, in chunks, so a process that lacks a file fetches it before reading it, and a
// file removed anywhere is removed everywhere. On the embedded database the store is the disk.
export type FileStore = {
	shared: boolean
	// After a file under DATA_DIR is whole: into the store, where every process finds it (under
	// `storedAs` when it is still being moved into place).
	publish: (file: string, storedAs?: string) => Promise<void>
	// Before a file under DATA_DIR is read: fetched when this machine lacks it. False when no one has it.
	fetch: (file: string) => Promise<boolean>
	// A file (or a folder and all under it) is gone: from the store, and from every process's disk.
	remove: (file: string, options?: { tree?: boolean }) => Promise<void>
	// Names the store keeps directly in a folder (for the sweeps), only those stored before
	// `storedBefore` when it is given.
	list: (directory: string, storedBefore?: Date) => Promise<string[]>
}

// A folder of kept files and the store they are shared through, as a model that sweeps them takes it.
export type KeptFiles = { documentsDir: string; files: FileStore }

// The folders under DATA_DIR whose files the site keeps (and backs up, and shares).
export const FILE_FOLDERS = ['documents', 'media', 'uploads'] as const

// Every kept file, by its path under `root` with forward slashes; not one still being written,
// fetched or replaced (.part, .fetching, .tmp).
export async function keptFiles(root: string): Promise<string[]> {
	const names: string[] = []
	for (const folder of FILE_FOLDERS) {
		const entries = await readdir(path.join(root, folder), { withFileTypes: true, recursive: true }).catch(
			(error: NodeJS.ErrnoException) => {
				if (error.code === 'ENOENT') return []
				throw error
			},
		)
		for (const entry of entries)
			if (entry.isFile() && !isUnfinished(entry.name))
				names.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
	}
	return names
}

// A file still being written, fetched or replaced (or left so by a process that stopped).
export const isUnfinished = (name: string) => /\.(part|fetching|tmp)$/.test(name)

// When a file was last written, in ms; `fallback` when it is gone.
export const modifiedAt = (file: string, fallback: number) =>
	stat(file).then(
		(info) => info.mtimeMs,
		() => fallback,
	)

// A path kept under `root` as an absolute path, or null when it would climb out of it.
export function insideRoot(root: string, key: string): string | null {
	const file = path.resolve(root, key)
	return file.startsWith(path.resolve(root) + path.sep) ? file : null
}

// The broadcast that tells every process a file was removed.
export const STORED_FILES_STREAM = 'stored-files'

export const onDisk: FileStore = {
	shared: false,
	publish: async () => {},
	fetch: (file) =>
		stat(file).then(
			(stats) => stats.isFile(),
			() => false,
		),
	remove: async () => {},
	list: async () => [],
}

// The store reaches a model as `services.files` (AppServices): the disk on the embedded database,
// the PostgreSQL store that startServices makes when DATABASE_URL is set.

// Every file directly in a folder just made (a photo's sizes) into the store.
export async function publishFolder(store: FileStore, directory: string): Promise<void> {
	if (!store.shared) return
	for (const name of await readdir(directory)) await store.publish(path.join(directory, name))
}

// The files of a list that exist (what a word count wrote beside a document) into the store.
export async function publishExisting(store: FileStore, files: string[]): Promise<void> {
	if (!store.shared) return
	for (const file of files) if (await onDisk.fetch(file)) await store.publish(file)
}

// A kept file (or folder) goes: from this disk, the store and every other process's disk.
export async function removeKept(store: FileStore, file: string, options: { tree?: boolean } = {}): Promise<void> {
	await rm(file, { recursive: options.tree ?? false, force: true })
	await store.remove(file, options)
}

// Every process drops its own copy of what another removed (heard on the `stored-files` broadcast).
export async function dropLocalCopies(root: string, paths: string[]): Promise<void> {
	for (const key of paths) {
		const file = insideRoot(root, key)
		if (file) await rm(file, { recursive: key.endsWith('/'), force: true })
	}
}
