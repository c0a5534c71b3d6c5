import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import { and, eq, inArray, like, lt, notExists, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { storedFileChunks, storedFiles } from '#database/schema.ts'

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
	// Names the store keeps directly in a folder (for the sweeps).
	list: (directory: string) => Promise<string[]>
}

// The broadcast that tells every process a file was removed.
export const STORED_FILES_STREAM = 'stored-files'
export const CHUNK_BYTES = 1024 * 1024
// Chunks older than this with no file standing for them are an upload cut off half way.
const ABANDONED_MS = 6 * 60 * 60 * 1000

const onDisk: FileStore = {
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

// The store this process's models use: the disk, until startServices shares it. Kept on the
// process's global object: the built app (routes) and the server entry each load their own copy of
// this module, and both must see the one store.
const STORE = Symbol.for('tolk.fileStore')
const holder = globalThis as { [STORE]?: FileStore }

export const fileStore = (): FileStore => holder[STORE] ?? onDisk

export function setFileStore(store: FileStore | null): void {
	holder[STORE] = store ?? onDisk
}

type Options = {
	db: Database
	// DATA_DIR: the store keeps files by their path under it.
	root: string
	// Tells the other processes to drop their copies (the `stored-files` broadcast).
	announceRemoval?: (paths: string[]) => Promise<void>
}

export function createPostgresFileStore({ db, root, announceRemoval = async () => {} }: Options): FileStore {
	const keyOf = (file: string) => {
		const relative = path.relative(root, path.resolve(file))
		if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error('a file outside DATA_DIR')
		return relative.split(path.sep).join('/')
	}
	return {
		shared: true,
		publish: (file, storedAs = file) => publishFile(db, keyOf(storedAs), file),
		async fetch(file) {
			if (await onDisk.fetch(file)) return true
			return fetchFile(db, keyOf(file), file)
		},
		async remove(file, { tree = false } = {}) {
			const key = keyOf(file)
			const removed = await removeFiles(
				db,
				tree ? like(storedFiles.path, `${escapeLike(key)}/%`) : eq(storedFiles.path, key),
			)
			await announceRemoval(tree ? [`${key}/`] : [key]).catch(() => {})
			return void removed
		},
		async list(directory) {
			const prefix = `${keyOf(directory)}/`
			const rows = await db
				.select({ path: storedFiles.path })
				.from(storedFiles)
				.where(like(storedFiles.path, `${escapeLike(prefix)}%`))
			return rows.map((row) => row.path.slice(prefix.length)).filter((name) => !name.includes('/'))
		},
	}
}

// Every file directly in a folder just made (a photo's sizes) into the store.
export async function publishFolder(directory: string): Promise<void> {
	const store = fileStore()
	if (!store.shared) return
	for (const name of await readdir(directory)) await store.publish(path.join(directory, name))
}

// The files of a list that exist (what a word count wrote beside a document) into the store.
export async function publishExisting(files: string[]): Promise<void> {
	const store = fileStore()
	if (!store.shared) return
	for (const file of files) if (await onDisk.fetch(file)) await store.publish(file)
}

// A kept file (or folder) goes: from this disk, the store and every other process's disk.
export async function removeKept(file: string, options: { tree?: boolean } = {}): Promise<void> {
	await rm(file, { recursive: options.tree ?? false, force: true })
	await fileStore().remove(file, options)
}

// Every process drops its own copy of what another removed (heard on the `stored-files` broadcast).
export async function dropLocalCopies(root: string, paths: string[]): Promise<void> {
	for (const key of paths) {
		const file = path.resolve(root, key)
		if (!file.startsWith(path.resolve(root) + path.sep)) continue
		await rm(file, { recursive: key.endsWith('/'), force: true })
	}
}

async function publishFile(db: Database, key: string, file: string): Promise<void> {
	const upload = randomUUID()
	let chunks = 0
	let size = 0
	// Read a chunk at a time: a 100 MB file never sits whole in memory.
	for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
		await db.insert(storedFileChunks).values({ upload, n: chunks++, data: chunk })
		size += chunk.length
	}
	await db.transaction(async (tx) => {
		const [old] = await tx
			.select({ upload: storedFiles.upload })
			.from(storedFiles)
			.where(eq(storedFiles.path, key))
			.for('update')
		await tx
			.insert(storedFiles)
			.values({ path: key, upload, size, chunks })
			.onConflictDoUpdate({ target: storedFiles.path, set: { upload, size, chunks, createdAt: sql`now()` } })
		if (old) await tx.delete(storedFileChunks).where(eq(storedFileChunks.upload, old.upload))
	})
}

async function fetchFile(db: Database, key: string, file: string, attempt = 0): Promise<boolean> {
	const [row] = await db.select().from(storedFiles).where(eq(storedFiles.path, key))
	if (!row) return false
	await mkdir(path.dirname(file), { recursive: true })
	const partial = `${file}.${randomUUID()}.fetching`
	const out = createWriteStream(partial, { mode: 0o600 })
	let whole = true
	try {
		for (let n = 0; n < row.chunks; n++) {
			const [chunk] = await db
				.select({ data: storedFileChunks.data })
				.from(storedFileChunks)
				.where(and(eq(storedFileChunks.upload, row.upload), eq(storedFileChunks.n, n)))
			// Replaced or removed while we read: start again from its new row.
			if (!chunk) {
				whole = false
				break
			}
			if (!out.write(chunk.data)) await once(out, 'drain')
		}
		out.end()
		await once(out, 'finish')
		if (whole) await rename(partial, file)
	} finally {
		out.destroy()
		await rm(partial, { force: true })
	}
	if (whole) return true
	return attempt < 2 ? fetchFile(db, key, file, attempt + 1) : false
}

async function removeFiles(db: Database, which: ReturnType<typeof eq>): Promise<number> {
	return db.transaction(async (tx) => {
		const gone = await tx.delete(storedFiles).where(which).returning({ upload: storedFiles.upload })
		if (gone.length)
			await tx.delete(storedFileChunks).where(
				inArray(
					storedFileChunks.upload,
					gone.map((row) => row.upload),
				),
			)
		return gone.length
	})
}

// Chunks of uploads cut off half way (the process stopped before the file was whole), and old
// enough that no upload is still writing them. Run by the hourly sweep.
export async function sweepAbandonedChunks(db: Database, now = new Date()): Promise<number> {
	const gone = await db
		.delete(storedFileChunks)
		.where(
			and(
				lt(storedFileChunks.createdAt, new Date(now.getTime() - ABANDONED_MS)),
				notExists(db.select().from(storedFiles).where(eq(storedFiles.upload, storedFileChunks.upload))),
			),
		)
		.returning({ n: storedFileChunks.n })
	return gone.length
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`)
