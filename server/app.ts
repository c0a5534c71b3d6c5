// Bundled by Vite with the React Router build; server/main.ts owns the process and the database.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import { pinoHttp } from 'pino-http'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import type { DatabaseHandle } from '#database/client.ts'
import { PUBLIC_UPLOADS_PATH } from '#app/models/media/images.server.ts'
import { requestInfoContext, servicesContext, staffContext, type AppServices } from '#app/http/context.server.ts'
import { forgetMessages, TRANSLATIONS_STREAM } from '#app/models/translation.server.ts'
import { RESYNC_STREAM, type Broadcast, type PubSub } from '#server/cable/pubsub.ts'
import { bodyLimit } from '#server/body-limit.ts'
import { businessesEndpoint } from '#server/company-search/endpoint.ts'
import type { SearchLimits } from '#server/company-search/rate-limit.ts'
import { leasedSearchLimit } from '#server/company-search/leased-limit.ts'
import { takeShared } from '#app/models/rate-limit.server.ts'
import type { FileStore } from '#app/models/files/store.server.ts'
import path from 'node:path'
import type { SearchCompanies } from '#server/company-search/service.ts'
import { csrfProtection, type CsrfLocals } from '#server/csrf.ts'
import { canonicalAddresses } from '#server/canonical-address.ts'
import { sharedPageCache } from '#server/page-cache/shared-pages.ts'
import { methodGuard, refuseAmbiguousHost } from '#server/request-kind.ts'
import { loggablePath, type Logger } from '#server/logger.ts'
import { count, readCounters } from '#server/metrics.ts'
import { discardUnreadBody, requestHandlerFor, toFetchRequest, sendFetchResponse } from '#server/request-bridge.ts'
import { securityHeaders, type NonceLocals } from '#server/security-headers.ts'
import { rendersOnThread } from '#server/render-thread/eligible.ts'
import type { RenderThread } from '#server/render-thread/thread.ts'
import { staticAssets } from '#server/static-assets.ts'
import type { SendMail } from '#server/mailer.ts'
import type { UploadQuota } from '#app/models/documents/quota.server.ts'
import type { BackupControl } from '#app/models/services.ts'
import { adminGate, staffSession, type StaffLocals } from '#server/staff-session.ts'
import { clientAddress, type TrustProxy } from '#server/trust-proxy.ts'

export type AppOptions = {
	database: Pick<DatabaseHandle, 'db' | 'ping'>
	// Staff uploads (DATA_DIR/uploads), served at /uploads.
	uploadsDir: string
	// Where kept files are shared (app/models/files): the disk, or the PostgreSQL store.
	files: FileStore
	// Customers' documents, outside the web root.
	documentsDir: string
	// Originals of staff photos, metadata and all, outside the web root.
	mediaDir: string
	// Sends a live update to the pages listening to a stream (server/cable).
	broadcast: Broadcast
	// Hears every broadcast, from this process and (with PostgreSQL) the others.
	subscribe?: PubSub['subscribe']
	enqueueAnalysis: (documentId: string) => void
	recountRepeats?: (draftId: string) => void
	sendMail: SendMail
	uploadQuota: UploadQuota
	// Backups on demand (server/backups/runner.ts); absent, the admin cannot start one.
	backups?: BackupControl
	// Bank statements read off the request's thread (server/bank-statement).
	readBankStatement?: AppServices['readBankStatement']
	// How long a public page may be served from memory at most (0: no page cache).
	pageCacheTtlMs?: number
	// The business picker's search (server/company-search) and its limits per address.
	searchCompanies: SearchCompanies
	searchLimits: SearchLimits
	// On PostgreSQL the search limit is counted for all processes together (app/models/rate-limit.server.ts).
	sharedLimits?: boolean
	logger: Logger
	secretKey: string
	trustProxy: TrustProxy
	// The site's own address (PUBLIC_URL, or http://localhost:PORT once the port is known).
	publicUrl: () => string
	isDevelopment?: boolean
	// Dev serves assets through Vite and hands in its own build loader.
	build?: () => Promise<ServerBuild>
	clientDir?: string | null
	// Renders the public pages that only read off the main thread (server/render-thread).
	renderThread?: RenderThread
}

// The render thread's side of this bundle.
export { createRenderer } from '#server/render-thread/renderer.ts'

const HEALTH_TIMEOUT_MS = 2_000
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

// A request from this machine that no proxy passed on.
const isFromThisMachine = (req: Request) =>
	LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers.forwarded

export type App = (req: Request | IncomingMessage, res: Response | ServerResponse, next?: NextFunction) => void

export function createApp(options: AppOptions): App {
	const { database, logger, secretKey, isDevelopment = false } = options
	const app = express()
	// A text edited in place, here or in another process: every page shows it from now on.
	options.subscribe?.((stream) => (stream === TRANSLATIONS_STREAM || stream === RESYNC_STREAM) && forgetMessages())
	app.disable('x-powered-by')
	// The same rule as everywhere an address is read (req.ip, req.secure from X-Forwarded-Proto).
	app.set('trust proxy', options.trustProxy)

	const loadBuild = options.build ?? (() => import('virtual:react-router/server-build') as Promise<ServerBuild>)
	app.use(requestLogger(logger))
	app.use(methodGuard)
	// One spelling per address, before anything reads it (decision 022).
	app.use(canonicalAddresses(loadBuild))
	app.use(securityHeaders({ isDevelopment }))
	// Pages rendered per request are compressed as they stream: a lighter level costs a third of
	// the CPU of the default for about a tenth more bytes (shared pages come precompressed at 9).
	app.use(compression({ level: 4 }))
	// A NUL in the address is never a real link, and PostgreSQL refuses it in any query.
	app.use((req, res, next) => (/%00/i.test(req.url) ? res.status(400).type('text/plain').send('Bad request') : next()))

	const clientDir =
		options.clientDir === undefined ? fileURLToPath(new URL('../client', import.meta.url)) : options.clientDir
	if (clientDir) {
		app.use('/assets', staticAssets(`${clientDir}/assets`))
		// The few files at the root (favicon, images): only addresses that name a file are looked up,
		// so a page request costs no disk lookup.
		const rootFiles = express.static(clientDir, { maxAge: '1h', index: false })
		app.use((req, res, next) => (/\.\w+$/.test(req.path) ? rootFiles(req, res, next) : next()))
	}

	app.use(
		PUBLIC_UPLOADS_PATH,
		fetchSharedUpload(options.uploadsDir, options.files),
		express.static(options.uploadsDir, { maxAge: '1d', index: false, fallthrough: false, dotfiles: 'deny' }),
	)

	app.get('/healthz', async (_req, res) => {
		try {
			await withTimeout(database.ping(), HEALTH_TIMEOUT_MS)
			res.set('Cache-Control', 'no-store').json({ status: 'ok' })
		} catch {
			res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable' })
		}
	})

	// The process's counters, for a benchmark on this machine (server/metrics.ts).
	app.get('/healthz/counts', (req, res, next) =>
		isFromThisMachine(req) ? res.set('Cache-Control', 'no-store').json(readCounters()) : next(),
	)

	const secureCookies = (req: Request) => req.secure
	app.use(bodyLimit())
	app.use(csrfProtection({ secretKey }))
	app.use(staffSession(database.db))
	app.use(adminGate)

	const services: Omit<AppServices, 'secureCookies' | 'publicUrl'> = {
		db: database.db,
		logger,
		secretKey,
		uploadsDir: options.uploadsDir,
		documentsDir: options.documentsDir,
		mediaDir: options.mediaDir,
		files: options.files,
		broadcast: options.broadcast,
		enqueueAnalysis: options.enqueueAnalysis,
		recountRepeats: options.recountRepeats,
		sendMail: options.sendMail,
		uploadQuota: options.uploadQuota,
		backups: options.backups,
		readBankStatement: options.readBankStatement,
	}
	const handleRequest = requestHandlerFor(loadBuild, isDevelopment)
	const pageCache = isDevelopment ? null : sharedPageCache({ ...options, services, handleRequest })
	app.all('/{*path}', async (req, res, next) => {
		try {
			count('renders')
			const locals = res.locals as CsrfLocals & NonceLocals & StaffLocals
			if (options.renderThread && rendersOnThread(req))
				return await options.renderThread.render(req, res, {
					csrfToken: locals.csrfToken,
					nonce: locals.nonce,
					clientAddress: clientAddress(req, options.trustProxy),
					secureCookies: secureCookies(req),
					publicUrl: options.publicUrl(),
				})
			const context = new RouterContextProvider()
			context.set(staffContext, locals.staff)
			context.set(servicesContext, { ...services, secureCookies: secureCookies(req), publicUrl: options.publicUrl() })
			context.set(requestInfoContext, {
				csrfToken: locals.csrfToken,
				nonce: locals.nonce,
				clientAddress: clientAddress(req, options.trustProxy),
			})
			const response = await handleRequest(toFetchRequest(req, res, locals.replayBody), context)
			await sendFetchResponse(res, response)
			discardUnreadBody(req)
		} catch (error) {
			next(error)
		}
	})

	app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
		// The static handlers' own refusals (a missing upload is a 404), not failures of ours.
		const status = (error as { status?: unknown } | null)?.status
		if (typeof status === 'number' && status >= 400 && status < 500 && !res.headersSent) {
			return res
				.status(status)
				.type('html')
				.send(
					`<!doctype html><meta charset="utf-8"><title>${status}</title><p>${status === 404 ? 'Ikke fundet. Not found.' : 'Afvist. Refused.'}</p>`,
				)
		}
		logger.error({ err: error, path: req.path }, 'request failed')
		if (res.headersSent) return res.end()
		res
			.status(500)
			.type('html')
			.send('<!doctype html><meta charset="utf-8"><title>500</title><p>Der gik noget galt. Something went wrong.</p>')
	})
	const businesses = businessesEndpoint({
		searchCompanies: options.searchCompanies,
		limits: options.searchLimits,
		take: options.sharedLimits
			? leasedSearchLimit((key) => takeShared(options.database.db, key, options.searchLimits))
			: undefined,
		trustProxy: options.trustProxy,
		logger,
	})
	return (req, res, next) => {
		const render = () => void app(req as Request, res as Response, next as NextFunction)
		if (refuseAmbiguousHost(req, res)) return
		if (!businesses(req, res) && !pageCache?.serve(req, res, render)) render()
	}
}

// Method, path and status only: no query strings, headers, cookies or bodies reach the log.
function requestLogger(logger: Logger) {
	return pinoHttp({
		logger,
		autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/assets/') || req.url === '/healthz' },
		serializers: {
			req: (req: { method: string; url: string }) => ({ method: req.method, path: loggablePath(req.url) }),
			res: (res: { statusCode: number }) => ({ status: res.statusCode }),
		},
		customSuccessMessage: () => 'request',
		customErrorMessage: () => 'request failed',
	})
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('timeout')), ms)
		promise.then(resolve, reject).finally(() => clearTimeout(timer))
	})
}

// With several processes, a staff upload another process received is fetched from the shared
// store the first time this one serves it (express.static then serves it from the disk).
function fetchSharedUpload(uploadsDir: string, files: FileStore): express.RequestHandler {
	const root = path.resolve(uploadsDir)
	return (req, _res, next) => {
		if (!files.shared || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
		let file: string
		try {
			file = path.resolve(root, `.${decodeURIComponent(req.path)}`)
		} catch {
			return next()
		}
		if (!file.startsWith(root + path.sep) || /[\\/]\./.test(file.slice(root.length))) return next()
		files.fetch(file).then(() => next(), next)
	}
}
