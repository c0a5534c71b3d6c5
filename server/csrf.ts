import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'
import type { IncomingHttpHeaders } from 'node:http'
import busboy from 'busboy'
import type { NextFunction, Request, Response } from 'express'
import { readCookie } from '#app/utils/cookies.ts'
import { CSRF_FIELD, CSRF_HEADER } from '#app/utils/request-headers.ts'
import type { BodyLocals } from '#server/body-limit.ts'
import { discardUnreadBody, requestAddress } from '#server/request-bridge.ts'
import { refuseRequest, SAFE_METHODS } from '#server/request-kind.ts'
import { SESSION_COOKIE as STAFF_SESSION_COOKIE } from '#app/models/staff/session.server.ts'

const SECRET_BYTES = 32
const MULTIPART_PEEK_LIMIT = 64 * 1024

export type CsrfLocals = BodyLocals & { csrfToken: string }

// A fresh mask per page keeps the token from being a fixed string that compression could leak (BREACH).
export function maskToken(secret: Buffer): string {
	const mask = randomBytes(SECRET_BYTES)
	const masked = Buffer.alloc(SECRET_BYTES)
	for (let i = 0; i < SECRET_BYTES; i++) masked[i] = mask[i]! ^ secret[i]!
	return Buffer.concat([mask, masked]).toString('base64url')
}

export function isValidToken(token: unknown, secret: Buffer): boolean {
	if (typeof token !== 'string') return false
	const raw = Buffer.from(token, 'base64url')
	if (raw.length !== SECRET_BYTES * 2) return false
	const unmasked = Buffer.alloc(SECRET_BYTES)
	for (let i = 0; i < SECRET_BYTES; i++) unmasked[i] = raw[i]! ^ raw[i + SECRET_BYTES]!
	return timingSafeEqual(unmasked, secret)
}

// Tokens need no state of their own (decision 012): staff get one bound to their session cookie,
// everyone else the site's, which a cached page can carry to every visitor.
export function tokenSecret(secretKey: string, staffCookie: string | null): Buffer {
	return createHmac('sha256', secretKey)
		.update(staffCookie === null ? 'csrf:site' : `csrf:staff:${staffCookie}`)
		.digest()
}

// Where an unsafe request comes from, by what the browser says: Fetch Metadata, and an Origin that
// must be the request's own (scheme, host and port as React Router will read the request: its own
// check refuses any other with an error, so another one never gets that far). 'unknown' when it
// says neither (a browser from before 2020, or not a browser).
export function requestOrigin(headers: IncomingHttpHeaders, ownOrigin: string): 'same' | 'foreign' | 'unknown' {
	const site = headers['sec-fetch-site']
	const origin = headers.origin
	if (site !== undefined && site !== 'same-origin') return 'foreign'
	// A form posted from a page without a referrer says `Origin: null`; only Fetch Metadata vouches for it.
	if (origin !== undefined && origin !== 'null' && origin !== ownOrigin) return 'foreign'
	if (site === 'same-origin' || origin === ownOrigin) return 'same'
	return origin === 'null' ? 'foreign' : 'unknown'
}

type CsrfOptions = { secretKey: string }

export function csrfProtection({ secretKey }: CsrfOptions) {
	const siteSecret = tokenSecret(secretKey, null)
	return async function verifyCsrf(req: Request, res: Response, next: NextFunction) {
		const staffCookie = readCookie(req.headers.cookie, STAFF_SESSION_COOKIE) ?? null
		const secret = staffCookie === null ? siteSecret : tokenSecret(secretKey, staffCookie)
		const locals = res.locals as CsrfLocals
		locals.csrfToken = maskToken(secret)
		if (SAFE_METHODS.has(req.method)) return next()

		const origin = requestOrigin(req.headers, new URL(requestAddress(req)).origin)
		if (origin === 'same') return next()
		if (origin === 'unknown') {
			try {
				const token = req.get(CSRF_HEADER) ?? (await readTokenFromBody(req, locals))
				if (isValidToken(token, secret)) return next()
			} catch {
				// An unreadable body is no proof of origin either.
			}
		}
		refuse(req, res)
	}
}

// Every body but a streamed upload was read whole already (server/body-limit.ts).
async function readTokenFromBody(req: Request, locals: CsrfLocals): Promise<string | undefined> {
	const type = req.get('content-type') ?? ''
	if (type.startsWith('application/x-www-form-urlencoded') && locals.body)
		return new URLSearchParams(locals.body.toString('utf8')).get(CSRF_FIELD) ?? undefined
	if (!type.startsWith('multipart/form-data')) return undefined
	if (locals.body) return (await peekMultipartToken(Readable.from([locals.body]), req.headers)).token
	const { token, replay } = await peekMultipartToken(req, req.headers)
	locals.replayBody = replay
	return token
}

// Reads a multipart body only until the token field (forms render it first), keeping what was
// read so the route still receives the whole, unconsumed stream: uploads stay streamed.
function peekMultipartToken(
	req: Readable,
	headers: IncomingHttpHeaders,
): Promise<{ token: string | undefined; replay: Readable }> {
	return new Promise((resolve, reject) => {
		const seen: Buffer[] = []
		let seenBytes = 0
		let settled = false
		let ended = false
		const parser = busboy({ headers, limits: { fieldSize: 1024 } })
		const finish = (token: string | undefined) => {
			if (settled) return
			settled = true
			req.off('data', onData)
			req.off('end', onEnd)
			req.pause()
			resolve({ token, replay: replay(seen, ended ? null : req) })
		}
		const onData = (chunk: Buffer) => {
			seen.push(chunk)
			seenBytes += chunk.length
			parser.write(chunk)
			if (seenBytes > MULTIPART_PEEK_LIMIT) finish(undefined)
		}
		const onEnd = () => {
			ended = true
			finish(undefined)
		}
		parser.on('field', (name, value) => finish(name === CSRF_FIELD ? value : undefined))
		parser.on('file', (_name, stream) => {
			stream.resume()
			finish(undefined)
		})
		parser.on('error', () => finish(undefined))
		req.on('data', onData)
		req.on('end', onEnd)
		req.on('error', reject)
	})
}

function replay(chunks: Buffer[], rest: Readable | null): Readable {
	const stream = new PassThrough()
	for (const chunk of chunks) stream.write(chunk)
	if (rest) {
		rest.pipe(stream)
		rest.resume()
	} else stream.end()
	return stream
}

const EXPIRED = {
	en: 'The form has expired or did not come from this site. Reload the page and try again.',
	da: 'Formularen er udløbet eller kom ikke fra dette websted. Genindlæs siden, og prøv igen.',
}

function refuse(req: Request, res: Response) {
	res.on('finish', () => discardUnreadBody(req))
	refuseRequest(req, res, 403, EXPIRED)
}
