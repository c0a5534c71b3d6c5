import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { storedFileChunks, storedFiles } from '#database/schema.ts'
import {
	CHUNK_BYTES,
	createPostgresFileStore,
	dropUnstoredMedia,
	publishMissing,
	sweepAbandonedChunks,
	writeOutStored,
} from '#app/models/files/postgres-store.server.ts'
import { dropLocalCopies } from '#app/models/files/store.server.ts'
import { deleteStrayFiles } from '#app/models/documents/retention.server.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'

// Two machines: each its own DATA_DIR, one database.
const testDatabase = setupTestDatabase()
const first = mkdtempSync(path.join(tmpdir(), 'tolk-machine-a-'))
const second = mkdtempSync(path.join(tmpdir(), 'tolk-machine-b-'))
afterAll(() => {
	rmSync(first, { recursive: true, force: true })
	rmSync(second, { recursive: true, force: true })
})

const removals: string[][] = []
const storeOn = (root: string) =>
	createPostgresFileStore({
		db: testDatabase.handle.db,
		root,
		announceRemoval: async (paths) => void removals.push(paths),
	})

function write(root: string, name: string, bytes: Uint8Array | string) {
	const file = path.join(root, name)
	mkdirSync(path.dirname(file), { recursive: true })
	writeFileSync(file, bytes)
	return file
}

const chunkCount = async () =>
	Number((await testDatabase.handle.db.select({ n: sql<number>`count(*)` }).from(storedFileChunks))[0]!.n)

describe('the file store in PostgreSQL', () => {
	test('a file written on one machine is read whole on the other, a chunk at a time', async () => {
		const bytes = randomBytes(CHUNK_BYTES * 3 + 12_345)
		const file = write(first, 'documents/a.docx', bytes)
		await storeOn(first).publish(file)
		const there = path.join(second, 'documents/a.docx')
		expect(existsSync(there)).toBe(false)
		expect(await storeOn(second).fetch(there)).toBe(true)
		expect(readFileSync(there).equals(bytes)).toBe(true)
		expect(await chunkCount()).toBe(4)
		// Nothing of a fetch is left beside the file.
		expect(await storeOn(second).list(path.join(second, 'documents'))).toEqual(['a.docx'])
	})

	test('a file published under the name it will have is found by that name', async () => {
		const part = write(first, 'documents/b.part', 'eight words')
		await storeOn(first).publish(part, path.join(first, 'documents/b.txt'))
		expect(await storeOn(second).fetch(path.join(second, 'documents/b.txt'))).toBe(true)
		expect(readFileSync(path.join(second, 'documents/b.txt'), 'utf8')).toBe('eight words')
	})

	test('writing a file again replaces it, and its old chunks go', async () => {
		const file = write(first, 'documents/c.txt', 'first')
		await storeOn(first).publish(file)
		const before = await chunkCount()
		write(first, 'documents/c.txt', 'second version')
		await storeOn(first).publish(file)
		expect(await chunkCount()).toBe(before)
		rmSync(path.join(second, 'documents/c.txt'), { force: true })
		await storeOn(second).fetch(path.join(second, 'documents/c.txt'))
		expect(readFileSync(path.join(second, 'documents/c.txt'), 'utf8')).toBe('second version')
	})

	test('a removed file is gone from the store and, once told, from every machine', async () => {
		const file = write(first, 'documents/d.txt', 'private')
		await storeOn(first).publish(file)
		const there = path.join(second, 'documents/d.txt')
		await storeOn(second).fetch(there)
		await storeOn(first).remove(file)
		expect(removals.at(-1)).toEqual(['documents/d.txt'])
		await dropLocalCopies(second, removals.at(-1)!)
		expect(existsSync(there)).toBe(false)
		expect(await storeOn(second).fetch(there)).toBe(false)
	})

	test('a folder goes with all under it; the list names only what is directly in a folder', async () => {
		for (const name of ['uploads/photos/k1/thumb.webp', 'uploads/photos/k1/800.webp', 'uploads/photos/k2/thumb.webp'])
			await storeOn(first).publish(write(first, name, name))
		expect((await storeOn(first).list(path.join(first, 'uploads/photos/k1'))).sort()).toEqual([
			'800.webp',
			'thumb.webp',
		])
		expect(await storeOn(first).list(path.join(first, 'uploads/photos'))).toEqual([])
		await storeOn(first).remove(path.join(first, 'uploads/photos/k1'), { tree: true })
		expect(removals.at(-1)).toEqual(['uploads/photos/k1/'])
		expect(await storeOn(first).list(path.join(first, 'uploads/photos/k1'))).toEqual([])
		expect(await storeOn(first).list(path.join(first, 'uploads/photos/k2'))).toEqual(['thumb.webp'])
	})

	test('a path outside DATA_DIR, or one that climbs out of it, is refused and dropped copies stay inside', async () => {
		await expect(storeOn(first).publish('/etc/passwd')).rejects.toThrow('outside DATA_DIR')
		await expect(storeOn(first).fetch(path.join(first, '../escape.txt'))).rejects.toThrow('outside DATA_DIR')
		const outside = write(tmpdir(), `tolk-keep-${Date.now()}.txt`, 'stays')
		await dropLocalCopies(second, [path.relative(second, outside)])
		expect(existsSync(outside)).toBe(true)
		rmSync(outside)
	})

	test('a copy of staff media removed while its machine was away goes at the sweep; a fresh one and documents stay', async () => {
		const { db } = testDatabase.handle
		const away = write(second, 'uploads/files/gone/price-list.pdf', 'old')
		const fresh = write(second, 'uploads/images/just-written.png', 'new')
		const document = write(second, 'documents/not-mine.txt', 'a document')
		const hourAgo = (Date.now() - 60 * 60 * 1000) / 1000
		utimesSync(away, hourAgo, hourAgo)
		utimesSync(document, hourAgo, hourAgo)
		expect(await dropUnstoredMedia(db, second)).toBeGreaterThanOrEqual(1)
		expect(existsSync(away)).toBe(false)
		expect(existsSync(fresh)).toBe(true)
		expect(existsSync(document)).toBe(true)
		// Files the store has stay, however old.
		expect(existsSync(path.join(second, 'documents/a.docx'))).toBe(true)
	})

	test('the stray sweep takes from the store the documents no row stands for, once stored ten minutes ago', async () => {
		const { db } = testDatabase.handle
		const documentsDir = path.join(first, 'documents')
		const [stray, fresh] = ['a1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002']
		for (const id of [stray, fresh]) await storeOn(first).publish(write(first, `documents/${id}.txt`, id))
		await db
			.update(storedFiles)
			.set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
			.where(eq(storedFiles.path, `documents/${stray}.txt`))
		await deleteStrayFiles(db, { documentsDir, files: storeOn(first) })
		const listed = await storeOn(first).list(documentsDir)
		expect(listed).not.toContain(`${stray}.txt`)
		// Its row may still be on its way: shared before its transaction commits.
		expect(listed).toContain(`${fresh}.txt`)
	})

	test('chunks of an upload cut off half way are swept once old; a whole file and a fresh upload stay', async () => {
		const { db } = testDatabase.handle
		const old = new Date(Date.now() - 7 * 60 * 60 * 1000)
		await db.insert(storedFileChunks).values([
			{ upload: 'cut-off', n: 0, data: Buffer.from('x'), createdAt: old },
			{ upload: 'still-writing', n: 0, data: Buffer.from('y') },
		])
		const before = await chunkCount()
		expect(await sweepAbandonedChunks(db)).toBe(1)
		expect(await chunkCount()).toBe(before - 1)
	})
	test('the files of a site that ran on one machine are shared at its first start, never again; restored into the embedded database, every stored file is written out', async () => {
		const { db } = testDatabase.handle
		await db.delete(storedFileChunks)
		await db.delete(storedFiles)
		const older = mkdtempSync(path.join(tmpdir(), 'tolk-machine-old-'))
		write(older, 'documents/old-1.pdf', 'from before')
		write(older, 'media/photos/old-2.jpg', 'photo')
		write(older, 'documents/half.part', 'still coming')
		write(older, 'company-index.bin', 'not a kept file')
		expect(await publishMissing(db, older)).toBe(2)
		// Once the store holds files, a file only one disk has was removed elsewhere: it stays gone.
		await storeOn(older).remove(path.join(older, 'media/photos/old-2.jpg'))
		expect(await publishMissing(db, older)).toBe(0)
		expect(await storeOn(second).fetch(path.join(second, 'media/photos/old-2.jpg'))).toBe(false)
		await storeOn(older).publish(path.join(older, 'media/photos/old-2.jpg'))
		rmSync(older, { recursive: true, force: true })
		const third = mkdtempSync(path.join(tmpdir(), 'tolk-machine-c-'))
		try {
			const written = await writeOutStored(db, third)
			expect(written).toBeGreaterThanOrEqual(2)
			expect(readFileSync(path.join(third, 'documents/old-1.pdf'), 'utf8')).toBe('from before')
			expect(readFileSync(path.join(third, 'media/photos/old-2.jpg'), 'utf8')).toBe('photo')
			expect(existsSync(path.join(third, 'documents/half.part'))).toBe(false)
			expect(await chunkCount()).toBe(0)
		} finally {
			rmSync(third, { recursive: true, force: true })
		}
	})
})
