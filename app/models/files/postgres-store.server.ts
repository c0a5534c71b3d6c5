import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray, like, lt, notExists, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { storedFileChunks, storedFiles } from '#database/schema.ts'
import { insideRoot, keptFiles, modifiedAt, onDisk, type FileStore } from '#app/models/files/store.server.ts'

// The shared file store in PostgreSQL (decision 021): each file by its path under DATA_DIR, in
// chunks of CHUNK_BYTES, written and read a chunk at a time.
export const CHUNK_BYTES = 1024 * 1024
// Chunks older than this with no file standing for them are an upload cut off half way.
const ABANDONED_MS = 6 * 60 * 60 * 1000

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
		publish: async (file, storedAs = file) => publishFile(db, keyOf(storedAs), file),
		async fetch(file) {
			if (await onDisk.fetch(file)) return true
			return fetchFile(db, keyOf(file), file)
		},
		async remove(file, { tree = false } = {}) {
			const key = keyOf(file)
			await removeFiles(db, tree ? like(storedFiles.path, `${escapeLike(key)}/%`) : eq(storedFiles.path, key))
			await announceRemoval(tree ? [`${key}/`] : [key]).catch(() => {})
		},
		async list(directory, storedBefore) {
			const prefix = `${keyOf(directory)}/`
			const rows = await db
				.select({ path: storedFiles.path })
				.from(storedFiles)
				.where(
					and(
						like(storedFiles.path, `${escapeLike(prefix)}%`),
						storedBefore ? lt(storedFiles.createdAt, storedBefore) : undefined,
					),
				)
			return rows.map((row) => row.path.slice(prefix.length)).filter((name) => !name.includes('/'))
		},
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

async function removeFiles(db: Database, which: ReturnType<typeof eq>): Promise<void> {
	await db.transaction(async (tx) => {
		const gone = await tx.delete(storedFiles).where(which).returning({ upload: storedFiles.upload })
		if (gone.length)
			await tx.delete(storedFileChunks).where(
				inArray(
					storedFileChunks.upload,
					gone.map((row) => row.upload),
				),
			)
	})
}

// At the first start on PostgreSQL with an empty store (a site that ran on one machine, or one
// restored from an embedded database's backup), every kept file on this disk is published so every
// process finds it. Once the store holds files, every file is published as it is written: a file
// only this disk has is one removed while this machine was away, and must not come back.
export async function publishMissing(db: Database, root: string): Promise<number> {
	const [any] = await db.select({ path: storedFiles.path }).from(storedFiles).limit(1)
	if (any) return 0
	let published = 0
	for (const key of await keptFiles(root)) {
		await publishFile(db, key, path.join(root, key))
		published++
	}
	return published
}

// Staff's media on this disk the store no longer has: removed while this machine was away (the
// removal's broadcast never reached it). Only files older than `graceMs`, so a file just written
// and about to be published stays. Customers' documents have their own stray sweep (by their rows).
export async function dropUnstoredMedia(db: Database, root: string, now = Date.now(), graceMs = 10 * 60 * 1000) {
	const stored = new Set((await db.select({ path: storedFiles.path }).from(storedFiles)).map((row) => row.path))
	if (!stored.size) return 0
	let dropped = 0
	for (const key of await keptFiles(root)) {
		if (stored.has(key) || key.startsWith('documents/')) continue
		const file = path.join(root, key)
		if (now - (await modifiedAt(file, now)) < graceMs) continue
		await rm(file, { force: true })
		dropped++
	}
	return dropped
}

// Every stored file written out under `root` (a PostgreSQL backup restored into the embedded
// database, which keeps its files on the disk alone); the store's tables are emptied after.
export async function writeOutStored(db: Database, root: string): Promise<number> {
	const rows = await db.select({ path: storedFiles.path }).from(storedFiles)
	let written = 0
	for (const { path: key } of rows) {
		const file = insideRoot(root, key)
		if (file && !(await onDisk.fetch(file)) && (await fetchFile(db, key, file))) written++
	}
	await db.delete(storedFileChunks)
	await db.delete(storedFiles)
	return written
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
