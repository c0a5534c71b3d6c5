import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

export type NonceLocals = { nonce: string }

// The same on every answer, page or not.
export const SECURITY_HEADERS = {
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
	'X-Frame-Options': 'DENY',
	'Cross-Origin-Opener-Policy': 'same-origin',
	'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

// An answer that is data, not a page (JSON ahead of Express): it may load and embed nothing.
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

// The headers of an answer written ahead of Express, which its middleware never sees.
export function dataSecurityHeaders(isSecure: boolean): Record<string, string> {
	return {
		'Content-Security-Policy': DATA_CONTENT_SECURITY_POLICY,
		...SECURITY_HEADERS,
		...(isSecure ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
	}
}

// Scripts run from the site's own files and, inline, only with this answer's nonce or, for a
// page served from the page cache, with the hash of a script that page carries.
export function contentSecurityPolicy(inlineScripts: string[], { isDevelopment = false } = {}): string {
	return [
		"default-src 'self'",
		`script-src 'self'${inlineScripts.map((source) => ` '${source}'`).join('')}`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		// Vite's dev server talks to the page over its own socket.
		`connect-src 'self'${isDevelopment ? ' ws:' : ''}`,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	].join('; ')
}

export function securityHeaders({ isDevelopment }: { isDevelopment: boolean }) {
	return function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
		const nonce = randomBytes(16).toString('base64')
		;(res.locals as NonceLocals).nonce = nonce
		res.set({
			'Content-Security-Policy': contentSecurityPolicy([`nonce-${nonce}`], { isDevelopment }),
			...SECURITY_HEADERS,
		})
		if (req.secure) res.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
		next()
	}
}
