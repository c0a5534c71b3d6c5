import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

export type NonceLocals = { nonce: string }

export function securityHeaders({ isDevelopment }: { isDevelopment: boolean }) {
	return function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
		const nonce = randomBytes(16).toString('base64')
		;(res.locals as NonceLocals).nonce = nonce
		const policy = [
			"default-src 'self'",
			`script-src 'self' 'nonce-${nonce}'`,
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
		res.set({
			'Content-Security-Policy': policy,
			'X-Content-Type-Options': 'nosniff',
			'Referrer-Policy': 'strict-origin-when-cross-origin',
			'X-Frame-Options': 'DENY',
			'Cross-Origin-Opener-Policy': 'same-origin',
			'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
		})
		if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		next()
	}
}
