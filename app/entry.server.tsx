import { PassThrough, pipeline, type Readable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import {
	isRouteErrorResponse,
	ServerRouter,
	type EntryContext,
	type HandleErrorFunction,
	type RouterContextProvider,
} from 'react-router'
import { requestInfoContext, servicesContext } from '#app/http/context.server.ts'
import { deferBoot } from '#app/http/deferred-boot.server.ts'
import { createLogLimit } from '#server/log-limit.ts'
import { loggablePath } from '#server/logger.ts'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	status: number,
	headers: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	// Pages carry the visitor's CSRF token: never cache them in shared caches. A page that asks
	// for no-store (a customer's account, an order by its key) is not kept by the browser either.
	if (!headers.get('Cache-Control')?.includes('no-store')) headers.set('Cache-Control', 'private, no-cache')
	if (request.method === 'HEAD') return new Response(null, { status, headers })
	const { nonce, renderWhole } = loadContext.get(requestInfoContext)
	const userAgent = request.headers.get('user-agent')
	// Crawlers and the page cache get the page whole: a part streamed later needs script to show.
	const readyEvent = renderWhole || (userAgent && isbot(userAgent)) ? 'onAllReady' : 'onShellReady'

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		// Gives up on a render that never finishes, so rejected boundaries still flush.
		const timeout = setTimeout(() => abort(), streamTimeout + 1_000)
		const { pipe, abort } = renderToPipeableStream(
			<ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
			{
				nonce,
				[readyEvent]() {
					shellRendered = true
					const body = new PassThrough({
						final(done) {
							clearTimeout(timeout)
							done()
						},
					})
					headers.set('Content-Type', 'text/html; charset=utf-8')
					// Vite's dev server boots its own way; a built page paints before its script loads.
					const page: Readable = import.meta.env.PROD ? pipeline(body, deferBoot(nonce), () => {}) : body
					resolve(new Response(createReadableStreamFromReadable(page), { status, headers }))
					pipe(body)
				},
				onShellError(error: unknown) {
					clearTimeout(timeout)
					reject(error)
				},
				onError(error: unknown) {
					status = 500
					if (shellRendered) loadContext.get(servicesContext).logger.error({ err: error }, 'render failed')
				},
			},
		)
	})
}

// What a visitor's request asked wrongly (a POST where a page takes none): the router's own 4xx,
// logged at info a few times a minute at most, since anyone can send it as often as they like.
const refusalsLogged = createLogLimit()

export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted) return
	const { logger } = context.get(servicesContext)
	const path = loggablePath(new URL(request.url).pathname)
	if (isRouteErrorResponse(error) && error.status < 500) {
		const { allowed, suppressed } = refusalsLogged(`router-${error.status}`)
		if (allowed)
			logger.info({ status: error.status, path, ...(suppressed ? { suppressed } : {}) }, 'refused by the router')
		return
	}
	logger.error({ err: error, path }, 'loader or action failed')
}
