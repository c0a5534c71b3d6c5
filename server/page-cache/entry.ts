import { createHash } from 'node:crypto'
import type { OutgoingHttpHeaders } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { contentSecurityPolicy, SECURITY_HEADERS } from '#server/security-headers.ts'
import type { Encoding } from '#server/page-cache/cacheable.ts'

const compressBrotli = promisify(brotliCompress)
const compressGzip = promisify(gzip)

export type CachedPage = {
	etag: string
	bodies: Record<Encoding, Buffer>
	// The full header set for each encoding, built once.
	headers: Record<Encoding, OutgoingHttpHeaders>
	notModified: OutgoingHttpHeaders
	expiresAt: number
}

// Only what every visitor may get: a plain 200 with no cookie, as HTML, XML or text.
export function isShareable(response: Response): boolean {
	const type = response.headers.get('content-type') ?? ''
	return (
		response.status === 200 &&
		!response.headers.has('set-cookie') &&
		/^(text\/html|application\/xml|text\/xml|text\/plain)\b/.test(type)
	)
}

// Inline scripts carry no nonce in a cached page; the policy names their hashes instead.
const INLINE_SCRIPT = /<script\b([^>]*)>([^<]*(?:<(?!\/script>)[^<]*)*)<\/script>/gi

export function inlineScriptHashes(html: string): string[] {
	const hashes = new Set<string>()
	for (const [, attributes = '', source = ''] of html.matchAll(INLINE_SCRIPT)) {
		if (/\bsrc\s*=/i.test(attributes) || /type\s*=\s*"application\/(ld\+)?json"/i.test(attributes)) continue
		hashes.add(`sha256-${createHash('sha256').update(source).digest('base64')}`)
	}
	return [...hashes]
}

// The rendered page, compressed both ways once (on libuv's threads, not the event loop).
export async function cachePage(response: Response, ttlMs: number): Promise<CachedPage> {
	const identity = Buffer.from(await response.arrayBuffer())
	const type = response.headers.get('content-type')!
	const [br, gz] = await Promise.all([
		compressBrotli(identity, {
			params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
		}),
		compressGzip(identity, { level: 9 }),
	])
	const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`
	const shared: OutgoingHttpHeaders = {
		...SECURITY_HEADERS,
		'Content-Security-Policy': contentSecurityPolicy(
			type.startsWith('text/html') ? inlineScriptHashes(identity.toString('utf8')) : [],
		),
		// Anyone may keep it, but must ask again each time: a 304 costs the server almost nothing.
		'Cache-Control': 'public, no-cache',
		Vary: 'Accept-Encoding',
		ETag: etag,
	}
	const bodies = { identity, gzip: gz, br }
	const headersFor = (encoding: Encoding): OutgoingHttpHeaders => ({
		...shared,
		'Content-Type': type,
		'Content-Length': bodies[encoding].length,
		...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
	})
	return {
		etag,
		bodies,
		headers: { identity: headersFor('identity'), gzip: headersFor('gzip'), br: headersFor('br') },
		notModified: shared,
		expiresAt: Date.now() + ttlMs,
	}
}
