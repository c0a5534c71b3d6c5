import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { readFile } from 'node:fs/promises'
import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents } from '#database/schema.ts'
import { documentStream, presentDocument } from '#app/models/documents/present.ts'
import type { Analysis } from '#app/models/wordcount/analyse.server.ts'
import { countRepeatedWords } from '#app/models/wordcount/count.server.ts'
import type { Logger } from '../logger.ts'
import type { Broadcast } from '../cable/pubsub.ts'

type Options = { db: Database; documentsDir: string; broadcast: Broadcast; logger: Logger; workers?: number }
type Figures = Exclude<Analysis, { kind: 'words' }> | (Omit<Extract<Analysis, { kind: 'words' }>, 'text'>)

export type AnalysisQueue = { enqueue: (id: string) => void; resume: () => Promise<void>; close: () => Promise<void> }

// Documents wait here for a worker thread. Pending work is in the database (status 'pending'),
// so a restart picks it up again with resume().
export function createAnalysisQueue({ db, documentsDir, broadcast, logger, workers = 1 }: Options): AnalysisQueue {
	const waiting: string[] = []
	const queued = new Set<string>()
	const idle: Worker[] = []
	const all: Worker[] = []
	let closed = false

	function spawn() {
		const worker = new Worker(new URL('./worker.ts', import.meta.url))
		worker.on('error', (error) => {
			logger.error({ err: error }, 'word-count worker failed; starting another')
			all.splice(all.indexOf(worker), 1)
			if (!closed) spawn()
		})
		all.push(worker)
		idle.push(worker)
		pump()
	}

	function pump() {
		while (!closed && idle.length && waiting.length) {
			const worker = idle.pop()!
			const id = waiting.shift()!
			void run(worker, id)
				.catch((error: unknown) => logger.error({ err: error, document: id }, 'word count failed'))
				.finally(() => {
					queued.delete(id)
					if (all.includes(worker)) idle.push(worker)
					pump()
				})
		}
	}

	async function run(worker: Worker, id: string) {
		const [row] = await db.select().from(documents).where(eq(documents.id, id))
		if (!row || row.status !== 'pending') return
		const analysis = await new Promise<Figures>((resolve, reject) => {
			const onMessage = (message: { id: string; analysis: Figures }) => {
				if (message.id !== id) return
				worker.off('message', onMessage)
				worker.off('error', reject)
				resolve(message.analysis)
			}
			worker.on('message', onMessage)
			worker.once('error', reject)
			worker.postMessage({ id, path: path.join(documentsDir, row.storedName), extension: row.extension, textPath: textPathOf(documentsDir, id) })
		})
		const [counted] = await db.update(documents).set(columnsFor(analysis)).where(eq(documents.id, id)).returning()
		// This document, and any earlier one whose repeats changed with it, are announced.
		const changed = await updateRepetitions(db, documentsDir, row.draftId)
		const announced = new Map([[id, counted!], ...changed.map((document) => [document.id, document] as const)])
		for (const document of announced.values()) {
			await broadcast(documentStream(document.id), { type: 'document', document: presentDocument(document) }).catch((error: unknown) =>
				logger.error({ err: error }, 'document update not sent'),
			)
		}
	}

	for (let n = 0; n < workers; n++) spawn()

	return {
		enqueue(id) {
			if (queued.has(id)) return
			queued.add(id)
			waiting.push(id)
			pump()
		},
		async resume() {
			const pending = await db.select({ id: documents.id }).from(documents).where(eq(documents.status, 'pending')).orderBy(asc(documents.createdAt))
			for (const { id } of pending) this.enqueue(id)
			if (pending.length) logger.info({ documents: pending.length }, 'resumed word counts left from before the restart')
		},
		async close() {
			closed = true
			await Promise.all(all.map((worker) => worker.terminate()))
		},
	}
}

export const textPathOf = (documentsDir: string, id: string) => path.join(documentsDir, `${id}.words.txt`)

// Repeated sentences are counted across all the counted documents of one order, in upload order;
// returns the documents whose count of repeated words changed.
async function updateRepetitions(db: Database, documentsDir: string, draftId: string) {
	const rows = await db.select().from(documents).where(and(eq(documents.draftId, draftId), eq(documents.status, 'counted'))).orderBy(asc(documents.createdAt))
	const texts = await Promise.all(rows.map((row) => readFile(textPathOf(documentsDir, row.id), 'utf8').catch(() => '')))
	const repeated = countRepeatedWords(texts)
	const changed = []
	for (const [index, row] of rows.entries()) {
		if (row.repeatedWords === repeated[index]) continue
		const [updated] = await db.update(documents).set({ repeatedWords: repeated[index]! }).where(eq(documents.id, row.id)).returning()
		changed.push(updated!)
	}
	return changed
}

function columnsFor(analysis: Figures) {
	const analysedAt = new Date()
	if (analysis.kind === 'manual') return { status: 'manual' as const, manualReason: analysis.reason, analysedAt }
	if (analysis.kind === 'minutes') return { status: 'counted' as const, minutes: analysis.minutes, analysedAt }
	return {
		status: 'counted' as const,
		words: analysis.words,
		numbers: analysis.numbers,
		characters: analysis.characters,
		charactersWithSpaces: analysis.charactersWithSpaces,
		minutes: analysis.minutes ?? null,
		hiddenSheets: analysis.hiddenSheets,
		hiddenSlides: analysis.hiddenSlides,
		analysedAt,
	}
}
