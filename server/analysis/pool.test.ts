import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { samplePeakOfChildren } from '#tests/setup/child-memory.ts'
import { createLogger } from '#server/logger.ts'
import { createWorkerPool, JobStopped, PoolClosed } from '#server/analysis/pool.ts'

// A worker that answers a number with its double after that many milliseconds.
const directory = mkdtempSync(path.join(tmpdir(), 'tolk-pool-'))
const script = path.join(directory, 'double.cjs')
writeFileSync(
	script,
	`const { existsSync, writeFileSync } = require('node:fs')
	process.on('message', (n) => {
		// { started, until }: says it started (a file), then waits for another file to appear.
		if (typeof n === 'object') {
			writeFileSync(n.started, '')
			const wait = setInterval(() => existsSync(n.until) && (clearInterval(wait), process.send({ type: 'done', result: n.started })), 10)
			return
		}
		// -4: spins on the CPU without end.
		if (n === -4) for (;;) Math.sqrt(Math.random())
		// -1: grow one array without end, the shape that aborts a whole process past its heap.
		if (n === -1) for (const grown = []; ; ) grown.push({ n: Math.random() })
		// -2: fill buffers outside the heap, as a decompressor does, in one synchronous loop (up to
		// 2 GiB, so a pool without the watch does not take the machine down).
		if (n === -2) for (const kept = []; kept.length < 64; ) kept.push(Buffer.alloc(32 * 1024 * 1024, 1))
		// -3: answers, and asks to be retired, as a worker grown past half its limit does.
		if (n === -3) return process.send({ type: 'done', result: process.pid, retire: true })
		setTimeout(() => process.send({ type: 'done', result: n * 2 }), n)
	})
	process.on('disconnect', () => process.exit(0))
	process.send({ type: 'ready' })`,
)
afterAll(() => rmSync(directory, { recursive: true, force: true }))
// A bare Node process with the memory watch is about 80 MiB resident.
const options = { url: pathToFileURL(script), memoryMb: 160, logger: createLogger({ LOG_LEVEL: 'silent' }) }

describe('the worker pool', () => {
	test('starts workers when there is work, up to its size, and lets idle ones go', async () => {
		const pool = createWorkerPool({ ...options, size: 2, timeoutMs: 5_000, idleMs: 200 })
		try {
			expect(pool.workers()).toBe(0)
			expect(await Promise.all([1, 2, 3, 4].map((n) => pool.run<number>(n * 10)))).toEqual([20, 40, 60, 80])
			expect(pool.workers()).toBe(2)
			await expect.poll(() => pool.workers(), { timeout: 2_000 }).toBe(0)
			expect(await pool.run<number>(5)).toBe(10)
		} finally {
			await pool.close()
		}
	})

	test('a job past its time stops with the reason, and the next job gets a new worker', async () => {
		const pool = createWorkerPool({ ...options, size: 1, timeoutMs: 100 })
		try {
			const slow = pool.run<number>(1_000).catch((error: unknown) => error)
			const next = pool.run<number>(1)
			expect(await slow).toEqual(new JobStopped('timeout'))
			expect(await next).toBe(2)
		} finally {
			await pool.close()
		}
	})

	test('a job past the heap limit stops the worker alone, with the reason; the pool goes on', async () => {
		const pool = createWorkerPool({ ...options, size: 1, timeoutMs: 30_000 })
		try {
			const greedy = pool.run<number>(-1).catch((error: unknown) => error)
			const next = pool.run<number>(3)
			expect(await greedy).toEqual(new JobStopped('memory'))
			expect(await next).toBe(6)
		} finally {
			await pool.close()
		}
	})

	test('a job filling memory outside the heap is stopped at the limit, measured while it runs', async () => {
		const pool = createWorkerPool({ ...options, memoryMb: 256, size: 1, timeoutMs: 30_000 })
		const peak = samplePeakOfChildren()
		try {
			const greedy = pool.run<number>(-2).catch((error: unknown) => error)
			const next = pool.run<number>(4)
			expect(await greedy).toEqual(new JobStopped('memory'))
			expect(await next).toBe(8)
		} finally {
			await pool.close()
		}
		// The heap limit alone let this one reach 2 GiB.
		expect(peak.stop()).toBeLessThan(256 + 64)
	})

	test('a worker that asks to be retired with its answer is replaced; its job still succeeds', async () => {
		const pool = createWorkerPool({ ...options, size: 1, timeoutMs: 5_000 })
		try {
			const [first, second] = [await pool.run<number>(-3), await pool.run<number>(-3)]
			expect(first).toBeGreaterThan(0)
			expect(second).not.toBe(first)
		} finally {
			await pool.close()
		}
	})

	test('a job past its CPU time stops with the reason; time spent waiting on nothing is no CPU time', async () => {
		const pool = createWorkerPool({ ...options, size: 1, timeoutMs: 60_000 })
		try {
			await expect(pool.run<number>(-4, { cpuMs: 300 })).rejects.toEqual(new JobStopped('cpu'))
			expect(await pool.run<number>(1_000, { cpuMs: 300 })).toBe(2_000)
		} finally {
			await pool.close()
		}
	})

	test("one owner's flood keeps to its share: another owner's job takes the worker kept for it and is done first", async () => {
		const pool = createWorkerPool({ ...options, size: 1, timeoutMs: 60_000 })
		const marker = (name: string) => path.join(directory, `${name}-${process.pid}`)
		const until = marker('release')
		try {
			const flood = ['a1', 'a2', 'a3'].map((name) =>
				pool.run<string>({ started: marker(name), until }, { owner: ['flooder', 'draft'] }),
			)
			let floodDone = 0
			for (const job of flood) void job.then(() => floodDone++)
			expect(await pool.run<number>(5, { owner: ['visitor', 'draft'] })).toBe(10)
			// While the flood's first job still runs, and its others wait behind it.
			expect(floodDone).toBe(0)
			expect(existsSync(marker('a1'))).toBe(true)
			expect(existsSync(marker('a2'))).toBe(false)
			expect(pool.workers()).toBe(2)
			writeFileSync(until, '')
			expect(await Promise.all(flood)).toEqual(['a1', 'a2', 'a3'].map(marker))
		} finally {
			await pool.close()
		}
	})

	test('closing fails the jobs waiting and under way with PoolClosed', async () => {
		const pool = createWorkerPool({ ...options, size: 1, timeoutMs: 5_000 })
		const outcomes = [pool.run(500), pool.run(500)].map((job) => job.catch((error: unknown) => error))
		await new Promise((resolve) => setTimeout(resolve, 50))
		await pool.close()
		for (const outcome of await Promise.all(outcomes)) expect(outcome).toBeInstanceOf(PoolClosed)
		await expect(pool.run(1)).rejects.toBeInstanceOf(PoolClosed)
	})
})
