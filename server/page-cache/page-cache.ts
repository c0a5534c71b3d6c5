import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '#server/logger.ts'
import { count } from '#server/metrics.ts'
import { STRICT_TRANSPORT_SECURITY } from '#server/security-headers.ts'
import { cacheKeyFor, encodingFor, type CacheKey } from '#server/page-cache/cacheable.ts'
import { cachePage, isShareable, type CachedPage } from '#server/page-cache/entry.ts'

export type PageCacheOptions = {
	// Renders a page as a visitor without cookies (but for `variant`) would get it.
	render: (path: string, variant: string) => Promise<Response>
	// Pages also expire after this long, for anything that changes with time alone.
	ttlMs: number
	maxPages: number
	// Whether the visitor reached the site over HTTPS (behind a proxy: what it says).
	isSecure: (req: IncomingMessage) => boolean
	logger: Logger
}

export type PageCache = {
	// Answers the request from the cache and returns true, or returns false without touching it.
	serve: (req: IncomingMessage, res: ServerResponse, otherwise: () => void) => boolean
	// Something the pages show changed: every page is rendered anew.
	forget: () => void
}

// Public pages for visitors without a staff session, rendered once per content version and served
// from memory, precompressed, with a strong ETag. See docs/decisions/012.
export function createPageCache({ render, ttlMs, maxPages, isSecure, logger }: PageCacheOptions): PageCache {
	const pages = new Map<string, CachedPage>()
	const filling = new Map<string, Promise<CachedPage | null>>()
	// Pages that turned out not to be shareable (a 404 slug): rendered as usual until the next change.
	const unshareable = new Set<string>()
	let generation = 0

	function fill({ key, path, variant }: CacheKey): Promise<CachedPage | null> {
		let pending = filling.get(key)
		if (pending) return pending
		const startedIn = generation
		pending = (async () => {
			count('pageCacheFills')
			const response = await render(path, variant)
			if (!isShareable(response)) {
				await response.body?.cancel()
				if (startedIn === generation && unshareable.size < 10_000) unshareable.add(key)
				return null
			}
			const page = await cachePage(response, ttlMs)
			// A change while it rendered may not be in it: serve it this once, keep it not.
			if (startedIn !== generation) return page
			if (pages.size >= maxPages) pages.delete(pages.keys().next().value!)
			pages.set(key, page)
			return page
		})()
		const settled = pending.finally(() => filling.get(key) === settled && filling.delete(key))
		filling.set(key, settled)
		return settled
	}

	function send(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
		if (isSecure(req)) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
		if (matches(req.headers['if-none-match'], page.etag)) return void res.writeHead(304, page.notModified).end()
		const encoding = encodingFor(req.headers['accept-encoding'])
		res.writeHead(200, page.headers[encoding])
		res.end(req.method === 'HEAD' ? undefined : page.bodies[encoding])
	}

	return {
		serve(req, res, otherwise) {
			const key = cacheKeyFor(req)
			if (!key || unshareable.has(key.key)) return false
			const page = pages.get(key.key)
			if (page && page.expiresAt > Date.now()) {
				count('pageCacheHits')
				send(req, res, page)
				return true
			}
			fill(key).then(
				(filled) => (filled ? send(req, res, filled) : otherwise()),
				(error: unknown) => {
					logger.error({ err: error, path: key.path }, 'could not cache a page; rendering it as usual')
					otherwise()
				},
			)
			return true
		},
		forget() {
			count('pageCacheForgets')
			generation++
			pages.clear()
			filling.clear()
			unshareable.clear()
		},
	}
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
	if (!ifNoneMatch) return false
	if (ifNoneMatch.trim() === '*') return true
	return ifNoneMatch.split(',', 50).some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
