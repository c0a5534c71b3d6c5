import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { dataSecurityHeaders } from '#server/security-headers.ts'

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const SITE_METHODS = new Set([...SAFE_METHODS, 'POST', 'PUT', 'PATCH', 'DELETE'])
// Methods HTTP defines that no address of the site takes; anything else is not HTTP we know.
const REFUSED_METHODS = new Set(['TRACE', 'CONNECT', 'TRACK'])

export const isEnglishPath = (path: string) => path === '/en' || path.startsWith('/en/') || path === '/en.data'

// A refusal before the request reaches the app, in the page's language: JSON to scripts, a short
// page to a browser.
export function refuseRequest(req: Request, res: Response, status: number, message: { en: string; da: string }) {
	const locale = isEnglishPath(req.path) ? 'en' : 'da'
	res.status(status)
	if (req.accepts(['html', 'json']) === 'json' || req.xhr) return void res.json({ error: message[locale] })
	res
		.type('html')
		.send(
			`<!doctype html><html lang="${locale}"><meta charset="utf-8"><title>${status}</title><p>${message[locale]}</p></html>`,
		)
}

// TRACE, WebDAV's verbs and the like reach nothing: 405 or 501, naming what the site does take.
// OPTIONS is answered here too (the site takes no cross-origin calls, so there is nothing more to say).
export function methodGuard(req: Request, res: Response, next: NextFunction) {
	if (req.method === 'OPTIONS')
		return void res
			.status(204)
			.set('Allow', [...SITE_METHODS].join(', '))
			.end()
	if (SITE_METHODS.has(req.method)) return next()
	res
		.status(REFUSED_METHODS.has(req.method) ? 405 : 501)
		.set('Allow', [...SITE_METHODS].join(', '))
		.set('Connection', 'close')
		.type('text/plain')
		.send(REFUSED_METHODS.has(req.method) ? 'Method not allowed' : 'Not implemented')
}

// A request naming its host twice is ambiguous: a proxy and this server may each read another one
// (Node keeps the first and drops the rest). No browser sends it, so it ends here with a 400,
// before the page cache, the business search or the app could read either. True when refused.
export function refuseAmbiguousHost(req: IncomingMessage, res: ServerResponse): boolean {
	if (!namesHostTwice(req)) return false
	res.writeHead(400, {
		'Content-Type': 'text/plain; charset=utf-8',
		Connection: 'close',
		...dataSecurityHeaders(false),
	})
	res.end('Bad request: more than one Host header')
	return true
}

export function namesHostTwice(req: IncomingMessage): boolean {
	let hosts = 0
	for (let index = 0; index < req.rawHeaders.length; index += 2)
		if (req.rawHeaders[index]!.toLowerCase() === 'host') hosts++
	return hosts > 1
}
