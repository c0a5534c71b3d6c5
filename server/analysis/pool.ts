import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { Logger } from '#server/logger.ts'
import { MEMORY_LIMIT_ENV, PAST_MEMORY_LIMIT } from '#server/analysis/memory-limit.ts'

// Why a job did not finish: past its wall-clock limit, past the worker's memory limit (its heap, or
// its whole resident memory), or the worker died under it. Each time the worker is replaced; the job is not tried again.
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
type Slot = {
	worker: ChildProcess
	ready: boolean
	job: Job | null
	stderr: string
	timer?: NodeJS.Timeout
	idle?: NodeJS.Timeout
}

// A worker with nothing to do goes after this long: what a large file made it allocate (pdf.js's
// WebAssembly memory never shrinks) goes with it, and a quiet site holds no worker at all.
const IDLE_MS = 20_000
const OUT_OF_MEMORY = new RegExp(`heap out of memory|Allocation failed|Reached heap limit|${PAST_MEMORY_LIMIT}`)
const MEMORY_WATCH = new URL('./memory-watch.ts', import.meta.url).href
// A worker that has grown (pdf.js's WebAssembly memory never shrinks) asks to be retired with its
// answer, so a long queue of large files does not creep toward the memory limit and stop a good one.
type Reply =
	| { type: 'ready' }
	| { type: 'done'; result: unknown; retire?: boolean }
	| { type: 'failed'; error: string; retire?: boolean }

export type WorkerPool = { run: <T>(message: unknown) => Promise<T>; close: () => Promise<void>; workers: () => number }

// Up to `size` worker processes taking jobs in order, started when there is work. A job's clock
// starts when a ready worker takes it (loading the extractors is not the job's time). Processes,
// not threads: a thread's heap limit is best-effort, and a file that makes one grow the wrong way
// aborts the whole server with it (nodejs/node#47224; it happened to this test suite). A process
// past its heap (--max-old-space-size) aborts alone, and one past `memoryMb` resident, in buffers
// the heap limit never sees, is ended by its own watch (memory-watch.ts); either says so on stderr.
export function createWorkerPool({ url, size, timeoutMs, memoryMb, logger, idleMs = IDLE_MS }: Options): WorkerPool {
	const waiting: Job[] = []
	const slots = new Set<Slot>()
	let closed = false

	function spawn() {
		const worker = fork(fileURLToPath(url), [], {
			execArgv: [...process.execArgv, `--max-old-space-size=${memoryMb}`, `--import=${MEMORY_WATCH}`],
			env: { ...process.env, [MEMORY_LIMIT_ENV]: String(memoryMb) },
			serialization: 'advanced',
			stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
		})
		const slot: Slot = { worker, ready: false, job: null, stderr: '' }
		slots.add(slot)
		worker.stderr!.on('data', (chunk: Buffer) => (slot.stderr = (slot.stderr + chunk.toString()).slice(-4_000)))
		worker.on('message', (reply: Reply) => onReply(slot, reply))
		worker.on('error', (error) => {
			if (!closed) logger.error({ err: error }, 'word-count worker failed; started another')
			replace(slot, 'crashed')
		})
		// 'close', not 'exit': the reason on stderr has been read by then. A SIGKILL the pool did not
		// send is the kernel's OOM killer.
		worker.on('close', (code, signal) => {
			const reason = OUT_OF_MEMORY.test(slot.stderr) || signal === 'SIGKILL' ? 'memory' : 'crashed'
			if (!closed && slots.has(slot))
				logger.error({ code, signal, reason }, 'word-count worker stopped; started another')
			replace(slot, reason)
		})
	}

	function onReply(slot: Slot, reply: Reply) {
		if (reply.type === 'ready') slot.ready = true
		else {
			const job = finish(slot)
			if (reply.type === 'done') job?.resolve(reply.result)
			else job?.reject(new Error(reply.error))
			if (reply.retire) return replace(slot, 'crashed')
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
		slot.worker.kill('SIGKILL')
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
			slot.worker.send(job.message as never)
		}
		const starting = [...slots].filter((slot) => !slot.ready).length
		for (let n = starting; n < waiting.length && slots.size < size; n++) spawn()
		for (const slot of slots) {
			// Retired without a job, so nothing fails.
			if (slot.ready && !slot.job && !slot.idle) slot.idle = setTimeout(() => replace(slot, 'crashed'), idleMs).unref()
		}
	}

	return {
		run: <T>(message: unknown) =>
			new Promise<T>((resolve, reject) => {
				if (closed) return reject(new PoolClosed())
				waiting.push({ message, resolve: resolve as (result: unknown) => void, reject })
				pump()
			}),
		workers: () => slots.size,
		async close() {
			closed = true
			for (const job of waiting.splice(0)) job.reject(new PoolClosed())
			const exits = [...slots].map((slot) =>
				slot.worker.exitCode === null && slot.worker.signalCode === null ? once(slot.worker, 'exit') : null,
			)
			for (const slot of [...slots]) replace(slot, 'crashed')
			await Promise.all(exits)
		},
	}
}
