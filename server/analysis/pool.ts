import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { Logger } from '#server/logger.ts'
import { MEMORY_LIMIT_ENV, PAST_MEMORY_LIMIT } from '#server/analysis/memory-limit.ts'
import { cpuMsOf } from '#server/analysis/cpu-time.ts'
import { createFairQueue } from '#server/analysis/fair-queue.ts'

// Why a job did not finish: past its wall-clock limit, past its CPU time, past the worker's memory
// limit (its heap, or its whole resident memory), or the worker died under it. Each time the worker
// is replaced; the job is not tried again.
export class JobStopped extends Error {
	readonly reason: 'timeout' | 'cpu' | 'memory' | 'crashed'
	constructor(reason: JobStopped['reason']) {
		super(`word-count job stopped: ${reason}`)
		this.reason = reason
	}
}

export class PoolClosed extends Error {}

type Options = { url: URL; size: number; timeoutMs: number; memoryMb: number; logger: Logger; idleMs?: number }
// Whom a job is for (an address, then an order in progress: fair-queue.ts) and the CPU time it may
// take; without them a job is everyone's and has the wall-clock limit alone.
export type JobOptions = { owner?: string[]; cpuMs?: number }
type Job = {
	message: unknown
	owner: string[]
	cpuMs?: number
	resolve: (result: unknown) => void
	reject: (error: Error) => void
}
type Slot = {
	worker: ChildProcess
	ready: boolean
	job: Job | null
	stderr: string
	timer?: NodeJS.Timeout
	cpuTimer?: NodeJS.Timeout
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

export type WorkerPool = {
	run: <T>(message: unknown, options?: JobOptions) => Promise<T>
	close: () => Promise<void>
	workers: () => number
}

// Worker processes taking jobs in turn by owner, started when there is work: one owner (one
// address) has up to `size` at once, and one more is kept for an owner with nothing running, so a
// visitor's ordinary file never waits behind another's flood for more than its own count. A job's
// clocks start when a ready worker takes it (loading the extractors is not the job's time): its
// CPU time (read from /proc while it runs; wall-clock time where there is none) and the wall-clock
// limit, whichever ends first. Processes,
// not threads: a thread's heap limit is best-effort, and a file that makes one grow the wrong way
// aborts the whole server with it (nodejs/node#47224; it happened to this test suite). A process
// past its heap (--max-old-space-size) aborts alone, and one past `memoryMb` resident, in buffers
// the heap limit never sees, is ended by its own watch (memory-watch.ts); either says so on stderr.
export function createWorkerPool({ url, size, timeoutMs, memoryMb, logger, idleMs = IDLE_MS }: Options): WorkerPool {
	const waiting = createFairQueue<Job>()
	const slots = new Set<Slot>()
	const running = new Map<string, number>()
	let closed = false
	const runningFor = (key: string) => running.get(key) ?? 0
	const busy = () => [...slots].filter((slot) => slot.job).length
	// An owner below its share takes a worker; the one beyond `size` only an owner with none.
	const mayTake = (key: string) => runningFor(key) < size && (busy() < size || runningFor(key) === 0)

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
		clearTimeout(slot.cpuTimer)
		const job = slot.job
		slot.job = null
		if (job) running.set(job.owner[0]!, runningFor(job.owner[0]!) - 1)
		return job
	}

	// Checked when the job could have spent its CPU time, and again for what it has left.
	function watchCpu(slot: Slot, cpuMs: number) {
		const pid = slot.worker.pid
		const startedCpu = cpuMsOf(pid)
		const startedAt = performance.now()
		const check = () => {
			const now = cpuMsOf(pid)
			const used = now === null || startedCpu === null ? performance.now() - startedAt : now - startedCpu
			if (used >= cpuMs) return replace(slot, 'cpu')
			slot.cpuTimer = setTimeout(check, Math.max(50, cpuMs - used))
		}
		slot.cpuTimer = setTimeout(check, cpuMs)
	}

	function start(slot: Slot, job: Job) {
		clearTimeout(slot.idle)
		slot.idle = undefined
		slot.job = job
		running.set(job.owner[0]!, runningFor(job.owner[0]!) + 1)
		slot.timer = setTimeout(() => replace(slot, 'timeout'), timeoutMs)
		if (job.cpuMs !== undefined && job.cpuMs < timeoutMs) watchCpu(slot, job.cpuMs)
		slot.worker.send(job.message as never)
	}

	// How many workers the waiting jobs could use now: each owner up to its share, and the one
	// beyond `size` while an owner with none waits.
	function wanted(): number {
		let demand = busy()
		let isOwnerWithoutWorker = false
		for (const [key, count] of waiting.counts()) {
			demand += Math.min(count, Math.max(0, size - runningFor(key)))
			if (runningFor(key) === 0) isOwnerWithoutWorker = true
		}
		return Math.min(demand, size + (isOwnerWithoutWorker ? 1 : 0))
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
			if (!slot.ready || slot.job) continue
			const next = waiting.take(mayTake)
			if (!next) break
			start(slot, next.item)
		}
		for (let want = wanted(); slots.size < want;) spawn()
		for (const slot of slots) {
			// Retired without a job, so nothing fails.
			if (slot.ready && !slot.job && !slot.idle) slot.idle = setTimeout(() => replace(slot, 'crashed'), idleMs).unref()
		}
	}

	return {
		run: <T>(message: unknown, { owner = [], cpuMs }: JobOptions = {}) =>
			new Promise<T>((resolve, reject) => {
				if (closed) return reject(new PoolClosed())
				const path = owner.length ? owner : ['']
				waiting.push(path, { message, owner: path, cpuMs, resolve: resolve as (result: unknown) => void, reject })
				pump()
			}),
		workers: () => slots.size,
		async close() {
			closed = true
			for (const job of waiting.drain()) job.reject(new PoolClosed())
			const exits = [...slots].map((slot) =>
				slot.worker.exitCode === null && slot.worker.signalCode === null ? once(slot.worker, 'exit') : null,
			)
			for (const slot of [...slots]) replace(slot, 'crashed')
			await Promise.all(exits)
		},
	}
}
