import type { IncomingMessage } from 'node:http'

// The visitor's address: the one a proxy we trust forwarded, else the socket's.
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
	const forwarded = req.headers['x-forwarded-for']
	if (trustProxy && typeof forwarded === 'string') return forwarded.split(',')[0]!.trim()
	return req.socket.remoteAddress ?? 'unknown'
}
