import { Readable } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'
import { RESOURCE_NAMES } from '#app/models/records/definition.ts'
import { LOCALES, PAGE_PATHS, UPLOAD_PATHS } from '#app/utils/locales.ts'
import { MEDIA_KINDS } from '#app/models/media/kinds.ts'
import { lingerAfterAnswer } from '#server/request-bridge.ts'
import { refuseRequest, SAFE_METHODS } from '#server/request-kind.ts'
import type { MatchedRoute, RouteLocals } from '#server/canonical-address.ts'

// Forms and JSON calls are small: the largest a person sends is a page body of rich text.
export const BODY_LIMITS = { public: 256 * 1024, admin: 1024 * 1024, analytics: 16 * 1024 }

// Where files arrive, multipart bodies stream to disk under the routes' own limits (the upload
// limit of the settings, one photo, one record's images, a bank statement's 5 MB, an order thread's
// attachments) and are never held whole in memory. Decided by the route the address matched
// (server/canonical-address.ts), so a data request (`.data`) is its page's route.
export const STREAMED_ROUTES = new Set<string>([
	...Object.values(UPLOAD_PATHS),
	...MEDIA_KINDS.map((kind) => `/admin/${kind}`),
	...RESOURCE_NAMES.flatMap((name) => [`/admin/${name}/new`, `/admin/${name}/:id`]),
	'/admin/orders/:id/files',
	'/work/jobs/:id/files',
	'/admin/invoices/bank',
	// The order's thread: the customer's order page, the account's, and staff's.
	...LOCALES.flatMap((locale) => [PAGE_PATHS.orderStatus[locale], PAGE_PATHS.accountOrder[locale]]),
	'/admin/orders/:id',
])

export type BodyLocals = { body?: Buffer; replayBody?: Readable }
type Asked = { path: string; headers: Request['headers']; route: MatchedRoute | null }

export function limitFor({ path, headers, route }: Asked): number | null {
	const isMultipart = (headers['content-type'] ?? '').startsWith('multipart/form-data')
	if (isMultipart && route && STREAMED_ROUTES.has(route.pattern)) return null
	if (path.startsWith('/analytics/')) return BODY_LIMITS.analytics
	return path === '/admin' || path.startsWith('/admin/') ? BODY_LIMITS.admin : BODY_LIMITS.public
}

// Reads every other body whole, up to its route's limit, before anything looks at it; past the
// limit (declared or counted) the answer is 413 and the connection ends instead of reading on.
export function bodyLimit() {
	return (req: Request, res: Response, next: NextFunction) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const limit = limitFor({ path: req.path, headers: req.headers, route: (res.locals as RouteLocals).route })
		if (limit === null) return next()
		if (Number(req.get('content-length') ?? 0) > limit) return tooLarge(req, res)
		readUpTo(req, limit).then(
			(body) => {
				const locals = res.locals as BodyLocals
				locals.body = body
				locals.replayBody = Readable.from([body])
				next()
			},
			() => tooLarge(req, res),
		)
	}
}

function readUpTo(req: Request, limit: number): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		let size = 0
		const onData = (chunk: Buffer) => {
			size += chunk.length
			if (size <= limit) return void chunks.push(chunk)
			req.off('data', onData)
			req.pause()
			reject(new Error('body too large'))
		}
		req.on('data', onData)
		req.once('end', () => resolve(Buffer.concat(chunks)))
		req.once('error', reject)
	})
}

const TOO_LARGE = {
	en: 'What was sent is too large. Shorten the text and send it again.',
	da: 'Det sendte er for stort. Gør teksten kortere, og send den igen.',
}

function tooLarge(req: Request, res: Response) {
	if (res.headersSent) return
	// The rest of the body is not read: the connection ends with this answer, after a moment in
	// which what still arrives is dropped (so the client reads the answer, not a reset).
	res.set('Connection', 'close')
	lingerAfterAnswer(req.socket)
	refuseRequest(req, res, 413, TOO_LARGE)
}
