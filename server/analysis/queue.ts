import { availableParallelism } from 'node:os'
import path from 'node:path'
import type { Database } from '#database/client.ts'
import type { documents } from '#database/schema.ts'
import { onceMoreIfDisconnected } from '#database/pool.ts'
import { countedPreviewPathOf, countedTextPathOf } from '#app/models/documents/counted-text.server.ts'
import {
	claimDocument,
	claimPendingDocuments,
	legacyTextPathOf,
	listCountedDocuments,
	partsLeftOut,
	recordAnalysis,
	releaseAllClaims,
	renewClaims,
	recordRepeatedWords,
	sentencesPathOf,
	type Figures,
} from '#app/models/documents/analysis.server.ts'
import { documentStream, presentDocument, type DocumentRow } from '#app/models/documents/present.ts'
import type { Logger } from '#server/logger.ts'
import { onDisk, publishExisting, type FileStore } from '#app/models/files/store.server.ts'
import type { Broadcast } from '#server/cable/pubsub.ts'
import { createWorkerPool, JobStopped, PoolClosed } from '#server/analysis/pool.ts'
import type { CountJob, RepeatsJob } from '#server/analysis/worker.ts'

type Options = {
	db: Database
	documentsDir: string
	// Where counted documents and what counting wrote are shared (the disk when unset).
	files?: FileStore
	broadcast: Broadcast
	logger: Logger
	// Unset: one fewer than the cores, at least one (the server's own thread keeps a core).
	workers?: number
	timeoutMs?: number
	memoryMb?: number
	// How long a claim on a document holds without being renewed: a process that dies mid-count
	// leaves the document to another after this long.
	leaseMs?: number
	// How often this process looks for documents no process holds.
	pollMs?: number
	// The embedded database has one process: claims from before a restart are its own.
	embedded?: boolean
}

export type AnalysisQueue = {
	enqueue: (id: string) => void
	recountRepeats: (draftId: string) => void
	resume: () => Promise<void>
	close: () => Promise<void>
}

type Claimed = typeof documents.$inferSelect

export const DEFAULT_WORKERS = Math.max(1, availableParallelism() - 1)

// The CPU time a file may take to count, by its size as uploaded: 5 s, and 3 s more per MiB (the
// slowest real document of the corpus and the pool, a 1.7 MiB PDF book, takes 2.9 s of the 10.1 s
// it may). What unpacks to far more work than its size (240 MiB of XML in a 1.4 MB .docx took 86 s)
// stops at its budget and goes to a person, within the wall-clock limit either way.
export const CPU_BASE_MS = 5_000
export const CPU_PER_MIB_MS = 3_000
export const cpuBudgetMs = (bytes: number, timeoutMs: number) =>
	Math.min(timeoutMs, Math.round(CPU_BASE_MS + (CPU_PER_MIB_MS * bytes) / (1024 * 1024)))

// Whom a document is from: the address it was uploaded from (none for staff's uploads).
const addressOf = (row: { ipHash: string | null }) => row.ipHash ?? 'no-address'

// One address's documents held by this process at once (counting or waiting): more wait unclaimed
// in the database until these are done, so a flood never fills the queue in front of others.
export const HELD_PER_ADDRESS = 8

// Word counts are jobs in the database: a pending document is claimed by one process for a lease
// it renews while it counts (decision 021). The process that received an upload claims it at once;
// every process also takes unclaimed or lapsed ones as its workers come free, so work left by a
// process that stopped or died is finished by another, and a count is stored once (only while
// the document is pending). A file past its time or memory limit goes to a person.
export function createAnalysisQueue({
	db,
	documentsDir,
	files = onDisk,
	broadcast,
	logger,
	workers = DEFAULT_WORKERS,
	timeoutMs = 120_000,
	memoryMb = 1024,
	leaseMs = 30_000,
	pollMs = 5_000,
	embedded = false,
}: Options): AnalysisQueue {
	const pool = createWorkerPool({
		url: new URL('./worker.ts', import.meta.url),
		size: workers,
		timeoutMs,
		memoryMb,
		logger,
	})
	// The documents this process holds, with the address each came from.
	const holding = new Map<string, string>()
	const heldFrom = (ipHash: string) => [...holding.values()].filter((held) => held === ipHash).length
	const running = new Set<Promise<void>>()
	const repeats = new Map<string, { again: boolean }>()
	let closed = false
	let timers: NodeJS.Timeout[] = []

	function start(row: Claimed) {
		if (holding.has(row.id)) return
		holding.set(row.id, addressOf(row))
		const work = count(row)
			.catch((error: unknown) => {
				if (!(error instanceof PoolClosed)) logger.error({ err: error, document: row.id }, 'word count failed')
			})
			.finally(() => {
				holding.delete(row.id)
				running.delete(work)
				void takeWaiting()
			})
		running.add(work)
	}

	async function count(row: Claimed) {
		const id = row.id
		const file = path.join(documentsDir, row.storedName)
		const side = {
			sentencesPath: sentencesPathOf(documentsDir, id),
			textPath: countedTextPathOf(documentsDir, id),
			previewPath: countedPreviewPathOf(documentsDir, id),
		}
		const leaveOut = await partsLeftOut(db)
		const job: CountJob = { type: 'count', path: file, extension: row.extension, ...side, leaveOut }
		let figures: Figures
		// In turn with other addresses' and orders' files, within a CPU time its size allows.
		const limits = { owner: [addressOf(row), row.draftId], cpuMs: cpuBudgetMs(row.size, timeoutMs) }
		try {
			figures = (await files.fetch(file)) ? await pool.run<Figures>(job, limits) : missing(id)
		} catch (error) {
			if (!(error instanceof JobStopped)) throw error
			logger.warn(
				{ document: id, reason: error.reason },
				'word count stopped at its limit; the document goes to a person',
			)
			figures = { kind: 'manual', reason: 'complex' }
		}
		await publishExisting(files, Object.values(side))
		// Stored only while still pending, so storing twice is harmless.
		const counted = await onceMoreIfDisconnected(() => recordAnalysis(db, id, figures))
		if (!counted) return
		await announce([counted])
		if (counted.status === 'counted') await findRepeats(row.draftId, addressOf(row))
	}

	// The file is on no machine and not in the store: a person looks at the order (the customer
	// reads "the file could not be read"), rather than the count being tried again at every lease.
	function missing(id: string): Figures {
		logger.error({ document: id }, "a document's file is missing; it goes to a person")
		return { kind: 'manual', reason: 'broken' }
	}

	// Documents no process holds, as many as this process has workers free.
	async function takeWaiting() {
		if (closed) return
		try {
			const rows = await claimPendingDocuments(db, workers - holding.size, leaseMs)
			for (const row of rows) startOrLetGo(row)
		} catch (error) {
			if (!closed) logger.warn({ err: error }, 'could not look for word counts to take')
		}
	}

	// An address holding its share already leaves the document for later (or another process).
	function startOrLetGo(row: Claimed) {
		if (heldFrom(addressOf(row)) < HELD_PER_ADDRESS) return start(row)
		renewClaims(db, [row.id], null).catch((error: unknown) =>
			logger.warn({ err: error, document: row.id }, 'word-count claim not let go'),
		)
	}

	// One run per order at a time; a count that lands meanwhile asks for one more run after it.
	async function findRepeats(draftId: string, ipHash = 'repeats') {
		const underWay = repeats.get(draftId)
		if (underWay) return void (underWay.again = true)
		const state = { again: true }
		repeats.set(draftId, state)
		try {
			while (state.again) {
				state.again = false
				const counted = await listCountedDocuments(db, draftId)
				for (const { id } of counted) await files.fetch(sentencesPathOf(documentsDir, id))
				const job: RepeatsJob = {
					type: 'repeats',
					documents: counted.map(({ id }) => ({
						sentencesPath: sentencesPathOf(documentsDir, id),
						legacyTextPath: legacyTextPathOf(documentsDir, id),
					})),
				}
				const repeated = await pool.run<number[]>(job, { owner: [ipHash, draftId] })
				await announce(await onceMoreIfDisconnected(() => recordRepeatedWords(db, counted, repeated)))
				// Another process may have counted a document of the order meanwhile: once more with it.
				const now = await listCountedDocuments(db, draftId)
				if (now.map(({ id }) => id).join() !== counted.map(({ id }) => id).join()) state.again = true
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
			if (closed || holding.has(id)) return
			claimDocument(db, id, leaseMs)
				.then((row) => row && startOrLetGo(row))
				.catch((error: unknown) => logger.error({ err: error, document: id }, 'word count not started'))
		},
		recountRepeats(draftId) {
			findRepeats(draftId).catch((error: unknown) => {
				if (!(error instanceof PoolClosed)) logger.error({ err: error }, 'repeated sentences not counted again')
			})
		},
		// Work left from before a restart, then every `pollMs` whatever no process holds; the claims
		// this process holds are renewed three times per lease.
		async resume() {
			if (embedded) await releaseAllClaims(db)
			await takeWaiting()
			if (holding.size) logger.info({ documents: holding.size }, 'took word counts left from before')
			const renew = () =>
				renewClaims(db, [...holding.keys()], leaseMs).catch((error: unknown) =>
					logger.warn({ err: error }, 'word-count claims not renewed'),
				)
			timers = [setInterval(() => void takeWaiting(), pollMs), setInterval(() => void renew(), leaseMs / 3)]
			for (const timer of timers) timer.unref()
		},
		// Jobs under way stop and their claims are let go, so another process (or the next start)
		// counts them at once; what was being stored finishes first, so nothing reaches a closed database.
		async close() {
			closed = true
			for (const timer of timers) clearInterval(timer)
			const unfinished = [...holding.keys()]
			await pool.close()
			await Promise.allSettled([...running])
			await renewClaims(db, unfinished, null).catch(() => {})
		},
	}
}
