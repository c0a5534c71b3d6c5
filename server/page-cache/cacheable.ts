import type { IncomingMessage } from 'node:http'
import { PAGE_PATHS } from '#app/utils/locales.ts'

// Pages that are the same for every visitor without a staff session: the order and quote pages
// (the visitor's own documents) and anything with a query (a search, a price check) are not.
const FIXED_PATHS = new Set<string>([
	...(['home', 'prices', 'faq', 'about', 'contact'] as const).flatMap((name) => Object.values(PAGE_PATHS[name])),
	'/sitemap.xml',
	'/robots.txt',
])
export const CONTENT_PAGE = /^(?:\/en)?\/p\/[a-z0-9-]{1,100}$/

// A dismissed banner is the one visitor state the shared pages show; its pages are cached apart.
export const BANNER_DISMISSED = 'banner-dismissed'
const STAFF_COOKIE = /(?:^|;\s*)tolk_staff=/
const BANNER_COOKIE = /(?:^|;\s*)tolk_banner=/

export type CacheKey = { key: string; path: string; variant: string }

export const hasStaffCookie = (cookie: string | undefined) => cookie !== undefined && STAFF_COOKIE.test(cookie)

// The page a request may be answered with from the cache, or null to render it as usual.
export function cacheKeyFor(req: IncomingMessage): CacheKey | null {
	if (req.method !== 'GET' && req.method !== 'HEAD') return null
	const path = req.url ?? ''
	if (!FIXED_PATHS.has(path) && !CONTENT_PAGE.test(path)) return null
	const cookie = req.headers.cookie
	if (hasStaffCookie(cookie)) return null
	const variant = cookie && BANNER_COOKIE.test(cookie) ? BANNER_DISMISSED : ''
	return { key: `${path} ${variant}`, path, variant }
}

// The answer's encoding by the visitor's Accept-Encoding: brotli, then gzip, then none. "q=0"
// refuses one.
export type Encoding = 'br' | 'gzip' | 'identity'
const known = new Map<string, Encoding>()

export function encodingFor(acceptEncoding: string | undefined): Encoding {
	if (!acceptEncoding) return 'identity'
	let encoding = known.get(acceptEncoding)
	if (encoding) return encoding
	const accepted = new Set<string>()
	for (const part of acceptEncoding.split(',', 20)) {
		const [name = '', ...parameters] = part.split(';')
		const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='))
		if (quality === undefined || Number(quality.slice(2)) > 0) accepted.add(name.trim().toLowerCase())
	}
	encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity'
	if (known.size < 1000) known.set(acceptEncoding, encoding)
	return encoding
}
