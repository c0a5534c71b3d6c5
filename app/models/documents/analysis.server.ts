import path from 'node:path'
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents, settings } from '#database/schema.ts'
import type { Analysis, PresentationPart } from '#app/models/wordcount/analyse.server.ts'
import { countedPreviewPathOf, countedTextPathOf } from '#app/models/documents/counted-text.server.ts'

// What the word count found, without the text itself (which never leaves the worker).
export type Figures = Exclude<Analysis, { kind: 'words' }> | Omit<Extract<Analysis, { kind: 'words' }>, 'text'>

// Beside each counted document: a fingerprint and a word count per sentence (for repeats).
export const sentencesPathOf = (documentsDir: string, id: string) => path.join(documentsDir, `${id}.sentences`)
// What earlier versions kept instead: the document's whole text.
export const legacyTextPathOf = (documentsDir: string, id: string) => path.join(documentsDir, `${id}.words.txt`)
// Every file kept beside a document's own: they go when it goes.
export const sideFilesOf = (documentsDir: string, id: string) => [
	sentencesPathOf(documentsDir, id),
	legacyTextPathOf(documentsDir, id),
	countedTextPathOf(documentsDir, id),
	countedPreviewPathOf(documentsDir, id),
]

// The parts of a presentation the agency counts without a price (settings: speaker notes, hidden
// slides), read when each document is counted: a change applies to the documents counted after it.
// (A database without its settings row yet has the defaults: everything priced.)
export async function partsLeftOut(db: Database): Promise<PresentationPart[]> {
	const [row] = await db
		.select({ notes: settings.countSpeakerNotes, hidden: settings.countHiddenSlides })
		.from(settings)
		.where(eq(settings.id, 1))
	return [...(row?.notes === false ? ['notes' as const] : []), ...(row?.hidden === false ? ['hidden' as const] : [])]
}

// A pending document no process holds: its claim is empty or has lapsed.
const unclaimed = (now: Date) =>
	and(eq(documents.status, 'pending'), or(isNull(documents.countLeaseUntil), lt(documents.countLeaseUntil, now)))

// This process takes the count of one document (just uploaded to it), unless another holds it.
export async function claimDocument(db: Database, id: string, leaseMs: number, now = new Date()) {
	const [row] = await db
		.update(documents)
		.set({ countLeaseUntil: new Date(now.getTime() + leaseMs) })
		.where(and(eq(documents.id, id), unclaimed(now)))
		.returning()
	return row ?? null
}

// Up to `limit` pending documents no process holds (left by one that stopped, or not yet taken),
// oldest first; rows another process is claiming at the same moment are skipped, not waited for.
export async function claimPendingDocuments(db: Database, limit: number, leaseMs: number, now = new Date()) {
	if (limit < 1) return []
	const free = db
		.select({ id: documents.id })
		.from(documents)
		.where(unclaimed(now))
		.orderBy(asc(documents.createdAt))
		.limit(limit)
		.for('update', { skipLocked: true })
	return db
		.update(documents)
		.set({ countLeaseUntil: new Date(now.getTime() + leaseMs) })
		.where(inArray(documents.id, free))
		.returning()
}

// A process still counting holds on; a process stopping lets go of what it did not finish.
export async function renewClaims(db: Database, ids: string[], leaseMs: number | null, now = new Date()) {
	if (!ids.length) return
	await db
		.update(documents)
		.set({ countLeaseUntil: leaseMs === null ? null : new Date(now.getTime() + leaseMs) })
		.where(and(inArray(documents.id, ids), eq(documents.status, 'pending')))
}

// On the embedded database this process is the only one: claims from before a restart are its own.
export async function releaseAllClaims(db: Database) {
	await db.update(documents).set({ countLeaseUntil: null }).where(eq(documents.status, 'pending'))
}

// Stores a count, unless the document went meanwhile (deleted, or already answered).
export async function recordAnalysis(db: Database, id: string, figures: Figures) {
	const [row] = await db
		.update(documents)
		.set({ ...columnsFor(figures), countLeaseUntil: null })
		.where(and(eq(documents.id, id), eq(documents.status, 'pending')))
		.returning()
	return row ?? null
}

// The counted documents of one order, in upload order: the order repeats are found in.
export function listCountedDocuments(db: Database, draftId: string) {
	return db
		.select({ id: documents.id, repeatedWords: documents.repeatedWords })
		.from(documents)
		.where(and(eq(documents.draftId, draftId), eq(documents.status, 'counted')))
		.orderBy(asc(documents.createdAt), asc(documents.id))
}

// Stores each document's repeated words; returns the documents whose figure changed.
export async function recordRepeatedWords(
	db: Database,
	counted: { id: string; repeatedWords: number }[],
	repeated: number[],
) {
	const changed = []
	for (const [index, document] of counted.entries()) {
		if (document.repeatedWords === repeated[index]) continue
		const [row] = await db
			.update(documents)
			.set({ repeatedWords: repeated[index]! })
			.where(eq(documents.id, document.id))
			.returning()
		if (row) changed.push(row)
	}
	return changed
}

function columnsFor(figures: Figures) {
	const analysedAt = new Date()
	if (figures.kind === 'manual') return { status: 'manual' as const, manualReason: figures.reason, analysedAt }
	if (figures.kind === 'minutes') return { status: 'counted' as const, minutes: figures.minutes, analysedAt }
	return {
		status: 'counted' as const,
		words: figures.words,
		numbers: figures.numbers,
		characters: figures.characters,
		charactersWithSpaces: figures.charactersWithSpaces,
		minutes: figures.minutes ?? null,
		hiddenSheets: figures.hiddenSheets,
		hiddenSlides: figures.hiddenSlides,
		countParts: figures.breakdown,
		analysedAt,
	}
}
