// The render thread (server/render-thread/thread.ts starts it): renders the pages the main thread
// hands it with the server bundle's own React Router build, so a page render never holds up the
// main thread's other answers (a business search, a cached page, an upload).
import '#server/production.ts'
import { readlinkSync } from 'node:fs'
import os from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { createRenderer as CreateRenderer, RendererOptions } from '#server/render-thread/renderer.ts'
import type { FromRenderThread, Query, QueryAnswer, ToRenderThread } from '#server/render-thread/protocol.ts'
import { createLogger } from '#server/logger.ts'

export type RenderThreadData = Omit<RendererOptions, 'query' | 'logger'> & { bundle: string; logLevel: string }

const RENDER_NICENESS = 5

const data = workerData as RenderThreadData
const port = parentPort!
const post = (message: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
const logger = createLogger({ LOG_LEVEL: data.logLevel as 'info' }).child({ thread: 'render' })

let nextQuery = 0
const answers = new Map<number, (answer: QueryAnswer) => void>()

function query(sql: string, params: unknown[], method: Query['method']): Promise<unknown> {
	const id = nextQuery++
	post({ type: 'query', id, sql, params, method })
	return new Promise((resolve, reject) =>
		answers.set(id, (answer) => {
			if (!answer.error) return resolve(answer.result)
			reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }))
		}),
	)
}

yieldToMainThread()

const started = performance.now()
const { createRenderer } = (await import(data.bundle)) as { createRenderer: typeof CreateRenderer }
const renderer = createRenderer({ ...data, query, logger })
const loaded = performance.now()

port.on('message', (message: ToRenderThread) => {
	if (message.type === 'answer') {
		answers.get(message.id)?.(message)
		answers.delete(message.id)
	} else if (message.type === 'forget-content') renderer.forget()
	else
		renderer.render(message).then(
			(rendered) => post({ type: 'rendered', id: message.id, ...rendered }, ownBuffer(rendered.body)),
			(error: unknown) => {
				logger.error({ err: error }, 'render failed')
				post({ type: 'render-failed', id: message.id, message: String(error) })
			},
		)
})
post({ type: 'ready' })
// Pages asked for meanwhile are rendered as they come.
await renderer.warmUp()
logger.info(
	{ loadMs: Math.round(loaded - started), warmUpMs: Math.round(performance.now() - loaded) },
	'render thread ready',
)

// A body that has its memory to itself moves to the main thread without a copy; a small one in
// Node's shared pool is copied (moving that pool would take it from under every other buffer).
function ownBuffer(body: Uint8Array): ArrayBuffer[] {
	const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength
	return whole && body.buffer instanceof ArrayBuffer ? [body.buffer] : []
}

// When the cores are all busy, the main thread goes first: a search or a cached page is answered
// in a millisecond, and a render can wait that long. A little: at 5 a render still has a quarter of
// a busy core (at 19, searches flat out on two cores left pages at 2 a second). Linux gives a
// thread its own niceness (/proc/thread-self names it); elsewhere the thread keeps the process's.
function yieldToMainThread() {
	try {
		const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1))
		if (threadId > 0) os.setPriority(threadId, RENDER_NICENESS)
	} catch {
		// Not Linux, or not allowed: the same priority as the main thread.
	}
}
