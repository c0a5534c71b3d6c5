import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import proxyAddr from 'proxy-addr'

// Which hops in front of the site are proxies we run: `TRUST_PROXY` unset or false, none; true or a
// number, that many hops (true is one); otherwise the proxies' addresses or CIDRs, comma-separated
// (proxy-addr's names loopback, linklocal and uniquelocal too). A client writes whatever it likes
// into X-Forwarded-For; only what our own proxies appended to it is believed.
export type TrustProxy = (address: string, hop: number) => boolean

export const TRUST_NO_PROXY: TrustProxy = () => false

export function parseTrustProxy(value: string | undefined): TrustProxy {
	const setting = (value ?? '').trim().toLowerCase()
	if (['', 'false', 'no', '0'].includes(setting)) return TRUST_NO_PROXY
	const hops = ['true', 'yes'].includes(setting) ? 1 : /^\d+$/.test(setting) ? Number(setting) : null
	if (hops !== null) return (_address, hop) => hop < hops
	// Throws on an address it cannot read, so a wrong setting stops the start.
	return proxyAddr.compile(setting.split(',').map((part) => part.trim()))
}

// The visitor's address: the one the trusted hops appended, walking X-Forwarded-For from its right
// end; the socket's own when no proxy is trusted. The one rule for every limit kept per address.
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
	return proxyAddr(req, trust)
}

// Whether the request came through a proxy we trust, so its X-Forwarded-Proto and -Host count.
export function isFromTrustedProxy(req: IncomingMessage, trust: TrustProxy): boolean {
	return trust(req.socket.remoteAddress ?? '', 0)
}

// The first value a trusted proxy forwarded in a header (X-Forwarded-Proto, X-Forwarded-Host).
export function forwardedValue(req: IncomingMessage, trust: TrustProxy, header: string): string | undefined {
	if (!isFromTrustedProxy(req, trust)) return undefined
	const value = req.headers[header]
	return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined
}

// Whether the visitor reached the site over TLS: its own socket's, or what a trusted proxy says.
export function isSecureRequest(req: IncomingMessage, trust: TrustProxy): boolean {
	if (isFromTrustedProxy(req, trust)) return forwardedValue(req, trust, 'x-forwarded-proto') === 'https'
	return Boolean((req.socket as TLSSocket).encrypted)
}
