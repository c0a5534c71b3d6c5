import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents } from '#database/schema.ts'
import { getSettings } from '#app/models/site.server.ts'
import { sideFilesOf } from '#app/models/documents/analysis.server.ts'
import { daysBefore } from '#app/models/calendar/working-days.ts'
import { isUnfinished, modifiedAt, removeKept, type KeptFiles } from '#app/models/files/store.server.ts'

// Documents that never became a request are deleted, file and row, after the retention period
// (a setting; the privacy page says how long). A request or an order keeps its documents.
export async function deleteExpiredDocuments(db: Database, kept: KeptFiles, now = new Date()): Promise<number> {
	const { documentsDir, files } = kept
	const { documentRetentionDays } = await getSettings(db)
	const cutoff = daysBefore(now, documentRetentionDays)
	const expired = await db
		.select({ id: documents.id, storedName: documents.storedName })
		.from(documents)
		.where(and(lt(documents.createdAt, cutoff), isNull(documents.requestId), isNull(documents.orderId)))
	for (const { id, storedName } of expired) {
		await removeKept(files, path.join(documentsDir, storedName))
		await Promise.all(sideFilesOf(documentsDir, id).map((file) => removeKept(files, file)))
		await db
			.delete(documents)
			.where(
				and(
					eq(documents.id, id),
					lt(documents.createdAt, cutoff),
					isNull(documents.requestId),
					isNull(documents.orderId),
				),
			)
	}
	return expired.length
}

const DOCUMENT_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\./

// Another process (several share one PostgreSQL and DATA_DIR) may be writing a file right now, or
// be about to commit its row: only files untouched this long are taken for strays.
const STRAY_AFTER_MS = 10 * 60 * 1000

// Files no document row stands for go, at start and with the hourly sweep: an upload cut off by a
// stopped server (its .part file, a counted text's .tmp, a fetch's .fetching), a file renamed into place just before the server died, and the
// sentences of a document deleted meanwhile. Nothing else under DATA_DIR/documents is touched.
export async function deleteStrayFiles(db: Database, kept: KeptFiles, now = Date.now()): Promise<number> {
	const { documentsDir } = kept
	const names = await readdir(documentsDir).catch(() => [] as string[])
	const ids = new Set((await db.select({ id: documents.id }).from(documents)).map((row) => row.id))
	const candidates = names.filter((name) => {
		const id = DOCUMENT_FILE.exec(name)?.[1]
		return id !== undefined && (isUnfinished(name) || !ids.has(id))
	})
	let deleted = 0
	for (const name of candidates) {
		const file = path.join(documentsDir, name)
		if (now - (await modifiedAt(file, now)) < STRAY_AFTER_MS) continue
		await rm(file, { force: true })
		deleted++
	}
	return deleted + (await deleteStrayStoredFiles(kept, ids, now))
}

// The same in the shared store: a file whose row never came (the process stopped between the two)
// or whose row went while another process was sharing it. A file is shared before its row commits,
// so only those stored STRAY_AFTER_MS ago count, as on the disk. Only with a store beside the disk.
async function deleteStrayStoredFiles(kept: KeptFiles, ids: Set<string>, now: number): Promise<number> {
	const { documentsDir, files } = kept
	const names = await files.list(documentsDir, new Date(now - STRAY_AFTER_MS))
	let deleted = 0
	for (const name of names) {
		const id = DOCUMENT_FILE.exec(name)?.[1]
		if (id === undefined || ids.has(id)) continue
		await files.remove(path.join(documentsDir, name))
		deleted++
	}
	return deleted
}
