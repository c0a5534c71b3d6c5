import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents } from '#database/schema.ts'
import { getSettings } from '../site.server.ts'

// Documents that never became a request are deleted, file and row, after the retention period
// (a setting; the privacy page says how long). A request keeps its documents.
export async function deleteExpiredDocuments(db: Database, documentsDir: string, now = new Date()): Promise<number> {
	const { documentRetentionDays } = await getSettings(db)
	const cutoff = new Date(now.getTime() - documentRetentionDays * 86_400_000)
	const expired = await db.select({ id: documents.id, storedName: documents.storedName }).from(documents).where(and(lt(documents.createdAt, cutoff), isNull(documents.requestId)))
	for (const { id, storedName } of expired) {
		await rm(path.join(documentsDir, storedName), { force: true })
		await rm(path.join(documentsDir, `${id}.words.txt`), { force: true })
		await db.delete(documents).where(and(eq(documents.id, id), lt(documents.createdAt, cutoff), isNull(documents.requestId)))
	}
	return expired.length
}

// Uploads cut off by a stopped server leave a .part file; it never counted, and goes at the next start.
export async function deleteUnfinishedUploads(documentsDir: string): Promise<number> {
	const names = await readdir(documentsDir).catch(() => [] as string[])
	const parts = names.filter((name) => name.endsWith('.part'))
	await Promise.all(parts.map((name) => rm(path.join(documentsDir, name), { force: true })))
	return parts.length
}
