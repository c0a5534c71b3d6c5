import { Worker } from 'node:worker_threads'
import type { Logger } from '#server/logger.ts'

// Why a job did not finish: past its wall-clock limit, past the worker's heap limit, or the worker
// died under it. Each time the worker is replaced; the job is not tried again.
export class JobStopped extends Error {
	readonly reason: 'timeout' | 'memory' | 'crashed'
	constructor(reason: JobStopped['reason']) {
		super(`word-count job stopped: ${reason}`)
		this.reason = reason
	}
}

export class PoolClosed extends Error {}

type Options = { url: URL; size: number; timeoutMs: number; memoryMb: number; logger: Logger; idleMs?: number }
type Job = { message: unknown; resolve: (result: unknown) => void; reject: (error: Error) => void }
type Slot = { worker: Worker; ready: boolean; job: Job | null; timer?: NodeJS.Timeout; idle?: NodeJS.Timeout }

// A worker with nothing to do goes after this long: what a large file made it allocate (pdf.js's
// WebAssembly memory never shrinks) goes with it, and a quiet site holds no worker at all.
const IDLE_MS = 20_000
type Reply = { type: 'ready' } | { type: 'done'; result: unknown } | { type: 'failed'; error: string }

export type WorkerPool = { run: <T>(message: unknown) => Promise<T>; close: () => Promise<void>; workers: () => number }

// Up to `size` worker threads taking jobs in order, started when there is work. A job's clock starts
// when a ready worker takes it (loading the extractors is not the job's time).
export function createWorkerPool({ url, size, timeoutMs, memoryMb, logger, idleMs = IDLE_MS }: Options): WorkerPool {
	const waiting: Job[] = []
	const slots = new Set<Slot>()
	let closed = false

	function spawn() {
		const slot: Slot = { worker: new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } }), ready: false, job: null }
		slots.add(slot)
		slot.worker.on('message', (reply: Reply) => onReply(slot, reply))
		slot.worker.on('error', (error: Error & { code?: string }) => {
			replace(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed')
			if (!closed) logger.error({ err: error }, 'word-count worker failed; started another')
		})
		slot.worker.on('exit', () => replace(slot, 'crashed'))
	}

	function onReply(slot: Slot, reply: Reply) {
		if (reply.type === 'ready') slot.ready = true
		else {
			const job = finish(slot)
			if (reply.type === 'done') job?.resolve(reply.result)
			else job?.reject(new Error(reply.error))
		}
		pump()
	}

	function finish(slot: Slot): Job | null {
		clearTimeout(slot.timer)
		const job = slot.job
		slot.job = null
		return job
	}

	// The slot's worker is gone or must go: its job fails with the reason; the next job that needs a
	// worker starts a new one.
	function replace(slot: Slot, reason: JobStopped['reason']) {
		if (!slots.delete(slot)) return
		clearTimeout(slot.idle)
		finish(slot)?.reject(closed ? new PoolClosed() : new JobStopped(reason))
		void slot.worker.terminate()
		pump()
	}

	function pump() {
		if (closed) return
		for (const slot of slots) {
			if (!waiting.length) break
			if (!slot.ready || slot.job) continue
			clearTimeout(slot.idle)
			slot.idle = undefined
			const job = waiting.shift()!
			slot.job = job
			slot.timer = setTimeout(() => replace(slot, 'timeout'), timeoutMs)
			slot.worker.postMessage(job.message)
		}
		const starting = [...slots].filter((slot) => !slot.ready).length
		for (let n = starting; n < waiting.length && slots.size < size; n++) spawn()
		for (const slot of slots) {
			// Retired without a job, so nothing fails.
			if (slot.ready && !slot.job && !slot.idle) slot.idle = setTimeout(() => replace(slot, 'crashed'), idleMs).unref()
		}
	}

	return {
		run: <T,>(message: unknown) =>
			new Promise<T>((resolve, reject) => {
				if (closed) return reject(new PoolClosed())
				waiting.push({ message, resolve: resolve as (result: unknown) => void, reject })
				pump()
			}),
		workers: () => slots.size,
		async close() {
			closed = true
			for (const job of waiting.splice(0)) job.reject(new PoolClosed())
			const workers = [...slots].map((slot) => slot.worker)
			for (const slot of [...slots]) replace(slot, 'crashed')
			await Promise.all(workers.map((worker) => worker.terminate()))
		},
	}
}
