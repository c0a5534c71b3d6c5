import type { Request, Response } from 'express'
import { describe, expect, test } from 'vitest'
import { renderThreadCount, startRenderThreads } from '#server/render-thread/pool.ts'
import type { RenderInfo, RenderThread, RenderThreadOptions } from '#server/render-thread/thread.ts'

// A thread that holds each page until the test lets it go, and says which pages it was given.
function heldThread(name: string, given: string[]) {
	const held: (() => void)[] = []
	let closed = false
	const thread: RenderThread = {
		render: (req) =>
			new Promise<void>((resolve) => {
				given.push(`${name} ${req.url}`)
				held.push(resolve)
			}),
		busy: () => held.length,
		close: async () => void (closed = true),
	}
	return { thread, release: () => held.shift()?.(), closed: () => closed }
}

const asked = (url: string) => ({ url }) as Request
const INFO = {} as RenderInfo
const RES = {} as Response

describe('several render threads', () => {
	test('each page goes to the thread with the fewest pages in hand', async () => {
		const given: string[] = []
		const threads = ['a', 'b'].map((name) => heldThread(name, given))
		let next = 0
		const pool = startRenderThreads(2, {} as RenderThreadOptions, () => threads[next++]!.thread)
		const first = pool.render(asked('/priser'), RES, INFO)
		void pool.render(asked('/faq'), RES, INFO)
		threads[1]!.release()
		void pool.render(asked('/en'), RES, INFO)
		expect(given).toEqual(['a /priser', 'b /faq', 'b /en'])
		expect(pool.busy()).toBe(2)
		threads[0]!.release()
		await first
		await pool.close()
		expect(threads.every(({ closed }) => closed())).toBe(true)
	})

	test('by default, the machine’s cores shared among the server processes, one to four each', () => {
		const env = { RENDER_THREADS: undefined, WEB_CONCURRENCY: 1, DATABASE_URL: undefined }
		expect(renderThreadCount(env, 2)).toBe(2)
		expect(renderThreadCount(env, 1)).toBe(1)
		expect(renderThreadCount(env, 32)).toBe(4)
		// The embedded database has one process whatever WEB_CONCURRENCY says.
		expect(renderThreadCount({ ...env, WEB_CONCURRENCY: 2 }, 2)).toBe(2)
		expect(renderThreadCount({ ...env, WEB_CONCURRENCY: 2, DATABASE_URL: 'postgres://db/tolk' }, 2)).toBe(1)
		expect(renderThreadCount({ ...env, WEB_CONCURRENCY: 3, DATABASE_URL: 'postgres://db/tolk' }, 8)).toBe(2)
		expect(renderThreadCount({ ...env, RENDER_THREADS: 3 }, 2)).toBe(3)
	})
})
