// Several render threads in one process: each page goes to the thread with the fewest pages in
// hand, so a slow render (the prices page) does not queue the quick ones behind it.
import { availableParallelism } from 'node:os'
import type { Env } from '#server/env.ts'
import { startRenderThread, type RenderThread, type RenderThreadOptions } from '#server/render-thread/thread.ts'

export function startRenderThreads(
	count: number,
	options: RenderThreadOptions,
	start: (options: RenderThreadOptions) => RenderThread = startRenderThread,
): RenderThread {
	const threads = Array.from({ length: count }, () => start(options))
	const leastBusy = () => threads.reduce((idle, next) => (next.busy() < idle.busy() ? next : idle))
	return {
		render: (req, res, info) => leastBusy().render(req, res, info),
		busy: () => threads.reduce((sum, thread) => sum + thread.busy(), 0),
		close: async () => void (await Promise.all(threads.map((thread) => thread.close()))),
	}
}

// RENDER_THREADS, or the machine's cores shared among the server processes, 1 to 4 each.
export function renderThreadCount(
	env: Pick<Env, 'RENDER_THREADS' | 'WEB_CONCURRENCY' | 'DATABASE_URL'>,
	cores = availableParallelism(),
): number {
	const processes = env.DATABASE_URL ? env.WEB_CONCURRENCY : 1
	return env.RENDER_THREADS ?? Math.min(4, Math.max(1, Math.floor(cores / processes)))
}
