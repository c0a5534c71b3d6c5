import { availableParallelism } from 'node:os'
import path from 'node:path'
import type { Database } from '#database/client.ts'
import { onceMoreIfDisconnected } from '#database/pool.ts'
import { countedPreviewPathOf, countedTextPathOf } from '#app/models/documents/counted-text.server.ts'
import {
	findPendingDocument,
	legacyTextPathOf,
	listCountedDocuments,
	listPendingDocumentIds,
	recordAnalysis,
	recordRepeatedWords,
	sentencesPathOf,
	type Figures,
} from '#app/models/documents/analysis.server.ts'
import { documentStream, presentDocument, type DocumentRow } from '#app/models/documents/present.ts'
import type { Logger } from '#server/logger.ts'
import type { Broadcast } from '#server/cable/pubsub.ts'
import { createWorkerPool, JobStopped, PoolClosed } from '#server/analysis/pool.ts'
import type { CountJob, RepeatsJob } from '#server/analysis/worker.ts'

type Options = {
	db: Database
	documentsDir: string
	broadcast: Broadcast
	logger: Logger
	// Unset: one fewer than the cores, at least one (the server's own thread keeps a core).
	workers?: number
	timeoutMs?: number
	memoryMb?: number
}

export type AnalysisQueue = {
	enqueue: (id: string) => void
	recountRepeats: (draftId: string) => void
	resume: () => Promise<void>
	close: () => Promise<void>
}

export const DEFAULT_WORKERS = Math.max(1, availableParallelism() - 1)

// Schedules word counts on a pool of worker threads. Pending work is in the database (status
// 'pending'), so a restart picks it up again with resume(). A file that runs past its time or
// memory limit goes to a person ("too complex to count automatically").
export function createAnalysisQueue({
	db,
	documentsDir,
	broadcast,
	logger,
	workers = DEFAULT_WORKERS,
	timeoutMs = 120_000,
	memoryMb = 1024,
}: Options): AnalysisQueue {
	const pool = createWorkerPool({
		url: new URL('./worker.ts', import.meta.url),
		size: workers,
		timeoutMs,
		memoryMb,
		logger,
	})
	const queued = new Set<string>()
	const running = new Set<Promise<void>>()
	const repeats = new Map<string, { again: boolean }>()

	async function count(id: string) {
		const row = await findPendingDocument(db, id)
		if (!row) return
		const job: CountJob = {
			type: 'count',
			path: path.join(documentsDir, row.storedName),
			extension: row.extension,
			sentencesPath: sentencesPathOf(documentsDir, id),
			textPath: countedTextPathOf(documentsDir, id),
			previewPath: countedPreviewPathOf(documentsDir, id),
		}
		let figures: Figures
		try {
			figures = await pool.run<Figures>(job)
		} catch (error) {
			if (!(error instanceof JobStopped)) throw error
			logger.warn(
				{ document: id, reason: error.reason },
				'word count stopped at its limit; the document goes to a person',
			)
			figures = { kind: 'manual', reason: 'complex' }
		}
		// Stored only while still pending, so storing twice is harmless.
		const counted = await onceMoreIfDisconnected(() => recordAnalysis(db, id, figures))
		if (!counted) return
		await announce([counted])
		if (counted.status === 'counted') await findRepeats(row.draftId)
	}

	// One run per order at a time; a count that lands meanwhile asks for one more run after it.
	async function findRepeats(draftId: string) {
		const underWay = repeats.get(draftId)
		if (underWay) return void (underWay.again = true)
		const state = { again: true }
		repeats.set(draftId, state)
		try {
			while (state.again) {
				state.again = false
				const counted = await listCountedDocuments(db, draftId)
				const job: RepeatsJob = {
					type: 'repeats',
					documents: counted.map(({ id }) => ({
						sentencesPath: sentencesPathOf(documentsDir, id),
						legacyTextPath: legacyTextPathOf(documentsDir, id),
					})),
				}
				const repeated = await pool.run<number[]>(job)
				await announce(await onceMoreIfDisconnected(() => recordRepeatedWords(db, counted, repeated)))
			}
		} catch (error) {
			if (!(error instanceof JobStopped)) throw error
			logger.warn({ reason: error.reason }, 'repeated sentences of an order not found: stopped at the limit')
		} finally {
			repeats.delete(draftId)
		}
	}

	async function announce(rows: DocumentRow[]) {
		for (const row of rows) {
			await onceMoreIfDisconnected(() =>
				broadcast(documentStream(row.id), { type: 'document', document: presentDocument(row) }),
			).catch((error: unknown) => logger.error({ err: error }, 'document update not sent'))
		}
	}

	return {
		enqueue(id) {
			if (queued.has(id)) return
			queued.add(id)
			const work = count(id)
				.catch((error: unknown) => {
					if (!(error instanceof PoolClosed)) logger.error({ err: error, document: id }, 'word count failed')
				})
				.finally(() => {
					queued.delete(id)
					running.delete(work)
				})
			running.add(work)
		},
		recountRepeats(draftId) {
			findRepeats(draftId).catch((error: unknown) => {
				if (!(error instanceof PoolClosed)) logger.error({ err: error }, 'repeated sentences not counted again')
			})
		},
		async resume() {
			const pending = await listPendingDocumentIds(db)
			for (const id of pending) this.enqueue(id)
			if (pending.length) logger.info({ documents: pending.length }, 'resumed word counts left from before the restart')
		},
		// Jobs under way stop (their documents stay pending for the next start); what was being
		// stored finishes first, so nothing reaches a closed database.
		async close() {
			await pool.close()
			await Promise.allSettled([...running])
		},
	}
}
