// The main thread's side of the render thread: hands it the pages eligible.ts picks, runs its
// statements on this process's pool, and tells it when the content changed. The main thread keeps
// HTTP, the page cache, the business search and every page that writes.
import { Worker } from 'node:worker_threads'
import type { Request, Response } from 'express'
import pg from 'pg'
import { onContentChange } from '#database/content-version.ts'
import type { Logger } from '#server/logger.ts'
import { requestAddress, requestHeaders } from '#server/request-bridge.ts'
import type { FromRenderThread, Query, Rendered, ToRenderThread } from '#server/render-thread/protocol.ts'
import type { RenderThreadData } from '#server/render-thread/worker.ts'

export type RenderInfo = {
	csrfToken: string
	nonce: string
	clientAddress: string
	secureCookies: boolean
	publicUrl: string
}

export type RenderThread = {
	render: (req: Request, res: Response, info: RenderInfo) => Promise<void>
	// Pages handed over and not yet answered.
	busy: () => number
	close: () => Promise<void>
}

type Pending = { resolve: (rendered: Rendered) => void; reject: (error: Error) => void }

const RESTART_AFTER_MS = 1_000

export type RenderThreadOptions = {
	pool: pg.Pool
	logger: Logger
	data: RenderThreadData
	// Told of each thread started (tests stop one to see another take its place).
	onWorker?: (worker: Worker) => void
}

export function startRenderThread(options: RenderThreadOptions): RenderThread {
	const { pool, logger } = options
	const pending = new Map<number, Pending>()
	let worker: Worker
	let nextId = 0
	let closed = false
	const post = (message: ToRenderThread) => worker.postMessage(message)

	function start() {
		const next = new Worker(new URL('./worker.ts', import.meta.url), { workerData: options.data })
		worker = next
		options.onWorker?.(next)
		next.on('message', (message: FromRenderThread) => {
			// Answered to the thread that asked: a thread started after it counts its queries from 0 again.
			if (message.type === 'query') return void answer(message, next)
			if (message.type === 'ready') return
			const waiting = pending.get(message.id)
			pending.delete(message.id)
			if (message.type === 'rendered') waiting?.resolve(message)
			else waiting?.reject(new Error(`render failed: ${message.message}`))
		})
		next.on('error', (error) => logger.error({ err: error }, 'render thread failed'))
		next.on('exit', (code) => {
			for (const waiting of pending.values()) waiting.reject(new Error('the render thread stopped'))
			pending.clear()
			if (closed) return
			logger.warn({ code }, 'render thread stopped; starting another')
			setTimeout(() => closed || start(), RESTART_AFTER_MS).unref()
		})
	}

	async function answer(query: Query, asker: Worker) {
		try {
			const config = { text: query.sql, values: query.params, types: DRIZZLE_TYPES }
			const result: pg.QueryResult =
				query.method === 'all'
					? await pool.query({ ...config, rowMode: 'array' } as pg.QueryArrayConfig)
					: await pool.query(config)
			const value =
				query.method === 'all' ? result.rows : { rows: result.rows, rowCount: result.rowCount, command: result.command }
			asker.postMessage({ type: 'answer', id: query.id, result: value } satisfies ToRenderThread)
		} catch (error) {
			const { message, code } = error as { message?: string; code?: string }
			asker.postMessage({
				type: 'answer',
				id: query.id,
				error: { message: String(message), code },
			} satisfies ToRenderThread)
		}
	}

	start()
	// Posted before any later page is: a page asked for after a change is rendered after it.
	const stopListening = onContentChange(() => post({ type: 'forget-content' }))

	async function render(req: Request, res: Response, info: RenderInfo) {
		const id = nextId++
		const rendered = await new Promise<Rendered>((resolve, reject) => {
			pending.set(id, { resolve, reject })
			post({ type: 'render', id, url: requestAddress(req), headers: requestHeaders(req), ...info })
		})
		res.statusMessage = rendered.statusText
		res.status(rendered.status)
		for (const [name, value] of rendered.headers) res.setHeader(name, value)
		if (rendered.cookies.length) res.append('Set-Cookie', rendered.cookies)
		res.setHeader('Content-Length', rendered.body.byteLength)
		res.end(Buffer.from(rendered.body.buffer, rendered.body.byteOffset, rendered.body.byteLength))
	}

	async function close() {
		closed = true
		stopListening()
		await worker.terminate()
	}

	return { render, busy: () => pending.size, close }
}

// As Drizzle's node-postgres driver reads values: dates, times and intervals stay text, for
// Drizzle's own columns to read.
const RAW_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182])
const DRIZZLE_TYPES = {
	getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
		RAW_TYPES.has(typeId)
			? (value: string) => value
			: pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
}
