// The business picker's search, from the in-memory index when it is as new as the registry and
// from the database otherwise (at start, while the index is built again after an import, after
// the worker failed). Either way the answer is the same list (decision 013).
import { Worker } from 'node:worker_threads'
import type { Database } from '#database/client.ts'
import { onRegistryChange } from '#database/registry-version.ts'
import { readIndexRows, readRegistryVersion } from '#app/models/company/search-index/read.server.ts'
import { findCompanies } from '#app/models/company/search.server.ts'
import type { BusinessResult } from '#app/models/company/record.ts'
import type { Logger } from '#server/logger.ts'
import type { WorkerCommand, WorkerReply } from '#server/company-search/worker.ts'

export type CompanySearchAnswer = { businesses: BusinessResult[]; source: 'index' | 'database' }
export type SearchCompanies = (query: string) => Promise<CompanySearchAnswer>

type Options = {
	db: Database
	logger: Logger
	// Where the index is kept between starts (null: built from the database at every start).
	snapshotFile: string | null
	// The worker's heap: rows in flight while building; the index itself lies outside it.
	memoryMb?: number
	// How often the registry version is read, in case a change was not heard.
	checkEveryMs?: number
	// Told of each worker started (a test takes one away to see the search carry on).
	onWorker?: (worker: Worker) => void
}

const SEARCH_TIMEOUT_MS = 2_000
const RESTART_AFTER_MS = 1_000
// Changes come in bursts (an import writes a batch at a time): build once the burst is over.
const SETTLE_MS = 500

export function createCompanySearch({
	db,
	logger,
	snapshotFile,
	memoryMb = 512,
	checkEveryMs = 60_000,
	onWorker,
}: Options) {
	let worker: Worker | null = null
	let indexVersion: string | null = null
	let registryId = ''
	let knownVersion = 0
	let closed = false
	let refreshing: Promise<void> | null = null
	let isRefreshWanted = false
	let settleTimer: NodeJS.Timeout | undefined
	let nextId = 0
	const searches = new Map<number, (results: BusinessResult[] | null) => void>()
	const awaited = new Map<string, (reply: WorkerReply | null) => void>()

	const isFresh = () => indexVersion !== null && indexVersion === `${registryId}:${knownVersion}`
	const post = (command: WorkerCommand) => worker?.postMessage(command)
	const replyOf = <T extends WorkerReply['type']>(type: T) =>
		new Promise<Extract<WorkerReply, { type: T }> | null>((resolve) =>
			awaited.set(type, resolve as (reply: WorkerReply | null) => void),
		)

	function startWorker() {
		const next = new Worker(new URL('./worker.ts', import.meta.url), {
			resourceLimits: { maxOldGenerationSizeMb: memoryMb },
		})
		worker = next
		onWorker?.(next)
		next.on('message', (reply: WorkerReply) => {
			if (reply.type === 'found') return searches.get(reply.id)?.(reply.results)
			if (reply.type === 'saved')
				return logger.info({ file: reply.file, ms: Math.round(reply.ms) }, 'company index snapshot saved')
			if (reply.type === 'save-failed') return logger.warn({ reason: reply.error }, 'company index snapshot not saved')
			const resolve = awaited.get(reply.type)
			awaited.delete(reply.type)
			resolve?.(reply)
		})
		next.on('error', (error) => logger.error({ err: error }, 'company index worker failed'))
		next.on('exit', () => {
			if (worker !== next) return
			worker = null
			indexVersion = null
			abandonReplies()
			if (closed) return
			logger.warn('company index worker stopped; starting another')
			setTimeout(() => {
				if (closed) return
				startWorker()
				void refresh()
			}, RESTART_AFTER_MS).unref()
		})
	}

	function abandonReplies() {
		for (const resolve of [...searches.values(), ...awaited.values()]) resolve(null)
		awaited.clear()
	}

	// Makes the index as new as the registry: from the snapshot when it is, else from the database.
	// One at a time; a change heard meanwhile runs it once more afterwards.
	function refresh(): Promise<void> {
		if (refreshing) {
			isRefreshWanted = true
			return refreshing
		}
		refreshing = (async () => {
			try {
				do {
					isRefreshWanted = false
					await bringUpToDate()
				} while (isRefreshWanted && !closed)
			} catch (error) {
				if (!closed) logger.error({ err: error }, 'company index not brought up to date; searches use the database')
			} finally {
				refreshing = null
			}
		})()
		return refreshing
	}

	async function bringUpToDate() {
		const current = await readRegistryVersion(db)
		noteVersion(current)
		if (indexVersion === current || !worker) return
		if (indexVersion === null && snapshotFile) {
			const started = performance.now()
			post({ type: 'load', file: snapshotFile })
			const loaded = await replyOf('loaded')
			if (loaded?.version === current) {
				indexVersion = current
				return logger.info(
					{ ms: Math.round(performance.now() - started), bytes: loaded.bytes },
					'company index loaded from its snapshot',
				)
			}
		}
		await build()
	}

	// Ends early when the worker it builds in goes (its replacement starts a build of its own).
	async function build() {
		const started = performance.now()
		const target = worker
		indexVersion = null
		if (!target) return
		post({ type: 'begin' })
		const pages = readIndexRows(db)
		let next = await pages.next()
		for (; !next.done && worker === target && !closed; next = await pages.next())
			post({ type: 'rows', rows: next.value })
		if (!next.done || worker !== target) return
		// Changed while read: the change was heard too, and the next round reads it again.
		if (!next.value.isConsistent) return void (isRefreshWanted = true)
		post({ type: 'finish', version: next.value.version, file: snapshotFile })
		const built = await replyOf('built')
		if (!built) return
		indexVersion = built.version
		noteVersion(built.version)
		logger.info(
			{
				companies: built.companies,
				bytes: built.bytes,
				ms: Math.round(performance.now() - started),
				buildMs: Math.round(built.ms),
			},
			'company index built from the database',
		)
	}

	function noteVersion(version: string) {
		const [id = '', number = '0'] = version.split(':')
		if (id !== registryId) [registryId, knownVersion] = [id, Number(number)]
		else knownVersion = Math.max(knownVersion, Number(number))
	}

	const stopListening = onRegistryChange((version) => {
		if (version !== null) knownVersion = Math.max(knownVersion, version)
		clearTimeout(settleTimer)
		settleTimer = setTimeout(() => void refresh(), SETTLE_MS)
		settleTimer.unref()
	})
	const checker = setInterval(() => void refresh(), checkEveryMs)
	checker.unref()
	startWorker()
	void refresh()

	function searchIndex(query: string): Promise<BusinessResult[] | null> {
		const id = nextId++
		return new Promise((resolve) => {
			const timer = setTimeout(() => done(null), SEARCH_TIMEOUT_MS)
			const done = (results: BusinessResult[] | null) => {
				clearTimeout(timer)
				searches.delete(id)
				resolve(results)
			}
			searches.set(id, done)
			post({ type: 'search', id, query })
		})
	}

	return {
		async search(query: string): Promise<CompanySearchAnswer> {
			const fromIndex = isFresh() ? await searchIndex(query) : null
			return fromIndex
				? { businesses: fromIndex, source: 'index' }
				: { businesses: await findCompanies(db, query), source: 'database' }
		},
		async close() {
			closed = true
			stopListening()
			clearInterval(checker)
			clearTimeout(settleTimer)
			const stopping = worker
			worker = null
			abandonReplies()
			await stopping?.terminate()
			await refreshing
		},
	}
}

export type CompanySearch = ReturnType<typeof createCompanySearch>
