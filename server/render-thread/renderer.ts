// The render thread's side inside the server bundle (it shares the bundle's React Router build and
// contexts): renders a page for a visitor the main thread has already let in, with the database
// reached through the main thread's pool. Only GET pages that read (eligible.ts) come here.
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { drizzle } from 'drizzle-orm/pg-proxy'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { requestInfoContext, servicesContext, staffContext, type AppServices } from '#app/http/context.server.ts'
import type { UploadQuota } from '#app/models/documents/quota.server.ts'
import { forgetMessages } from '#app/models/translation.server.ts'
import type { Database } from '#database/client.ts'
import { forgetContent } from '#database/content-version.ts'
import * as schema from '#database/schema.ts'
import type { Logger } from '#server/logger.ts'
import { encodingFor } from '#server/page-cache/cacheable.ts'
import type { Query, Rendered, RenderRequest } from '#server/render-thread/protocol.ts'
import { requestHandlerFor } from '#server/request-bridge.ts'

export type RendererOptions = {
	query: (sql: string, params: unknown[], method: Query['method']) => Promise<unknown>
	logger: Logger
	secretKey: string
	uploadsDir: string
	documentsDir: string
	mediaDir: string
	uploadQuota: UploadQuota
	sharedFiles: boolean
}

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
// As the main thread's compression() of streamed pages: a light level, a third of the CPU of the default.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }

export function createRenderer(options: RendererOptions) {
	const { query, logger } = options
	const db = drizzle(
		async (sql, params, method) => ({ rows: (await query(sql, params, method === 'all' ? 'all' : 'execute')) as [] }),
		{ schema },
	) as unknown as Database
	const services: Omit<AppServices, 'secureCookies' | 'publicUrl'> = {
		db,
		logger,
		secretKey: options.secretKey,
		uploadsDir: options.uploadsDir,
		documentsDir: options.documentsDir,
		mediaDir: options.mediaDir,
		uploadQuota: options.uploadQuota,
		files: filesNotHere(options.sharedFiles),
		broadcast: notHere('broadcast'),
		enqueueAnalysis: notHere('enqueueAnalysis'),
		sendMail: notHere('sendMail'),
	}
	const handleRequest = requestHandlerFor(
		() => import('virtual:react-router/server-build') as Promise<ServerBuild>,
		false,
	)

	async function render(request: RenderRequest): Promise<Omit<Rendered, 'type' | 'id'>> {
		const context = new RouterContextProvider()
		context.set(staffContext, null)
		context.set(servicesContext, { ...services, secureCookies: request.secureCookies, publicUrl: request.publicUrl })
		context.set(requestInfoContext, {
			csrfToken: request.csrfToken,
			nonce: request.nonce,
			clientAddress: request.clientAddress,
		})
		const response = await handleRequest(new Request(request.url, { headers: request.headers }), context)
		const headers = new Headers(response.headers)
		const cookies = headers.getSetCookie()
		headers.delete('set-cookie')
		let body: Uint8Array = new Uint8Array(await response.arrayBuffer())
		const encoding = encodingFor(new Headers(request.headers).get('accept-encoding') ?? undefined)
		if (encoding !== 'identity' && body.byteLength > 1024 && !headers.has('content-encoding')) {
			body = encoding === 'br' ? await brotli(body, BROTLI_OPTIONS) : await gzip(body, { level: 4 })
			headers.set('content-encoding', encoding)
			headers.append('vary', 'Accept-Encoding')
		}
		headers.delete('content-length')
		return { status: response.status, statusText: response.statusText, headers: [...headers], cookies, body }
	}

	// A change the main thread heard: the remembered reads and the page texts are read again.
	function forget() {
		forgetContent()
		forgetMessages()
	}

	// A page of each language rendered once before the first visitor's: the route modules loaded and
	// compiled, the content read. A failure here is the first visitor's to see, not the thread's end.
	async function warmUp() {
		for (const path of ['/', '/en'])
			await render({
				type: 'render',
				id: -1,
				url: new URL(path, 'http://localhost').href,
				headers: [['accept', 'text/html']],
				csrfToken: '',
				nonce: '',
				clientAddress: '',
				secureCookies: false,
				publicUrl: 'http://localhost',
			}).catch((error: unknown) => logger.warn({ err: error }, 'render thread not warmed up'))
	}

	return { render, forget, warmUp }
}

// What a page that only reads never calls; a call says where it went wrong instead of doing half of it.
function notHere(name: string): () => never {
	return () => {
		throw new Error(`${name} is not available on the render thread: a page that writes renders on the main thread`)
	}
}

function filesNotHere(shared: boolean): AppServices['files'] {
	return {
		shared,
		publish: notHere('files'),
		fetch: notHere('files'),
		remove: notHere('files'),
		list: notHere('files'),
	}
}
