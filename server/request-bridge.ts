import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { Readable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'

export type HandleRequest = (request: Request, context: RouterContextProvider) => Promise<Response>

// React Router's handler for the build. Handed a function, React Router derives its route table
// and static handler again on every request (for a dev server's new builds): a third of a page's
// time in production went to that. A built server hands it the build once it is loaded.
export function requestHandlerFor(loadBuild: () => Promise<ServerBuild>, isDevelopment: boolean): HandleRequest {
	if (isDevelopment) return createRequestHandler(loadBuild, 'development')
	const handler = loadBuild().then((build) => createRequestHandler(build, 'production'))
	return async (request, context) => (await handler)(request, context)
}

// Express request → Fetch Request, reading the body from `body` when the CSRF check already
// read part of it.
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, body?: Readable): Request {
	const controller = new AbortController()
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
	return new Request(requestAddress(req), {
		method: req.method,
		headers: requestHeaders(req),
		signal: controller.signal,
		...(hasBody ? { body: createReadableStreamFromReadable(body ?? req), duplex: 'half' } : {}),
	} as RequestInit)
}

// The address asked for. A Host header that names no host (a probe's `::bad`) is ignored.
export function requestAddress(req: ExpressRequest): string {
	const url =
		URL.parse(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`) ??
		new URL(req.originalUrl, `${req.protocol}://localhost`)
	return url.href
}

export function requestHeaders(req: ExpressRequest): [string, string][] {
	const headers: [string, string][] = []
	for (const [name, value] of Object.entries(req.headers)) {
		// Every unsafe request here has passed the site's CSRF check (server/csrf.ts). A form posted from
		// a page without a referrer says `Origin: null`, which React Router's own check would refuse.
		if (value === undefined || (name === 'origin' && value === 'null')) continue
		for (const item of Array.isArray(value) ? value : [value]) headers.push([name, item])
	}
	return headers
}

export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
	res.statusMessage = response.statusText
	res.status(response.status)
	for (const [name, value] of response.headers) {
		if (name === 'set-cookie') continue
		res.setHeader(name, value)
	}
	const cookies = response.headers.getSetCookie()
	if (cookies.length) res.append('Set-Cookie', cookies)
	if (!response.body) return void res.end()
	const reader = response.body.getReader()
	res.on('close', () => void reader.cancel().catch(() => {}))
	const flushable = res as ExpressResponse & { flush?: () => void }
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			const hasRoom = res.write(value)
			// compression() buffers; flushing each chunk keeps streamed HTML streaming.
			flushable.flush?.()
			if (!hasRoom && !res.destroyed) await new Promise((resolve) => res.once('drain', resolve))
		}
	} catch {
		// The client went away mid-stream; nothing left to send.
	} finally {
		res.end()
	}
}

// A response sent before the route read the whole request body (a refusal, an action that never
// looks at its form) leaves bytes the keep-alive connection must get past before the client's next
// request can be read: without this, that request waits until a timeout. The rest is read and
// dropped, never kept; past a bound the connection goes instead.
const DISCARD_LIMIT = 1024 * 1024 * 1024

export function discardUnreadBody(req: IncomingMessage): void {
	if (req.readableEnded || req.destroyed) return
	req.unpipe()
	req.removeAllListeners('data')
	let dropped = 0
	req.on('data', (chunk: Buffer) => {
		dropped += chunk.length
		if (dropped > DISCARD_LIMIT) req.socket.destroy()
	})
	req.resume()
}

// An answer sent with Connection: close before the request's body was read (a 413) would otherwise
// end in a reset: Node closes the socket with the rest of the body unread, the kernel answers that
// with RST, and a client still sending may lose the answer before reading it. As nginx's lingering
// close does, the connection half-closes after the answer and drops what still arrives, until the
// client stops sending, for at most LINGER_MS and LINGER_BYTES.
const LINGER_MS = 2_000
const LINGER_BYTES = 64 * 1024 * 1024

export function lingerAfterAnswer(socket: Socket): void {
	socket.destroySoon = function lingeringClose(this: Socket) {
		let dropped = 0
		const timer = setTimeout(() => this.destroy(), LINGER_MS).unref()
		this.once('close', () => clearTimeout(timer))
		this.once('end', () => this.destroy())
		this.removeAllListeners('data')
		this.on('data', (chunk: Buffer) => {
			dropped += chunk.length
			if (dropped > LINGER_BYTES) this.destroy()
		})
		this.end()
		this.resume()
	}
}
