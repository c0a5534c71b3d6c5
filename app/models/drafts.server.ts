import { and, eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { drafts } from '#database/schema.ts'

// A form's fields as the browser would post them, in order (a tag list repeats its name).
export type DraftEntries = [string, string][]
export type Draft = { entries: DraftEntries; updatedAt: Date }

export async function saveDraft(db: Database, userId: number, formPath: string, entries: DraftEntries): Promise<Date> {
	const updatedAt = new Date()
	await db
		.insert(drafts)
		.values({ userId, formPath, values: { entries }, updatedAt })
		.onConflictDoUpdate({ target: [drafts.userId, drafts.formPath], set: { values: { entries }, updatedAt } })
	return updatedAt
}

export async function findDraft(db: Database, userId: number, formPath: string): Promise<Draft | null> {
	const [row] = await db
		.select()
		.from(drafts)
		.where(and(eq(drafts.userId, userId), eq(drafts.formPath, formPath)))
	return row ? { entries: (row.values as { entries: DraftEntries }).entries, updatedAt: row.updatedAt } : null
}

export async function discardDraft(db: Database, userId: number, formPath: string): Promise<void> {
	await db.delete(drafts).where(and(eq(drafts.userId, userId), eq(drafts.formPath, formPath)))
}
