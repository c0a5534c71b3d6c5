import type { IncomingMessage } from 'node:http'
import { RouterContextProvider } from 'react-router'
import { dismissBannerCookie } from '#app/http/banner.server.ts'
import { requestInfoContext, servicesContext, staffContext, type AppServices } from '#app/http/context.server.ts'
import { onContentChange } from '#database/content-version.ts'
import { maskToken, tokenSecret } from '#server/csrf.ts'
import type { Logger } from '#server/logger.ts'
import { BANNER_DISMISSED } from '#server/page-cache/cacheable.ts'
import { createPageCache, type PageCache } from '#server/page-cache/page-cache.ts'
import { isSecureRequest, type TrustProxy } from '#server/trust-proxy.ts'

const MAX_PAGES = 500

type SharedPageOptions = {
	services: Omit<AppServices, 'secureCookies' | 'publicUrl'>
	handleRequest: (request: Request, context: RouterContextProvider) => Promise<Response>
	publicUrl: () => string
	secretKey: string
	trustProxy: TrustProxy
	pageCacheTtlMs?: number
	logger: Logger
}

// The page cache for this app: pages rendered as for a visitor with no cookies, carrying the site's
// CSRF token and no nonce, and dropped whenever the content version moves, here or in another
// process, or when the fan-out was cut off (it may have missed one): database/content-version.ts.
export function sharedPageCache(options: SharedPageOptions): PageCache | null {
	const { pageCacheTtlMs = 0, logger } = options
	if (pageCacheTtlMs <= 0) return null
	const siteSecret = tokenSecret(options.secretKey, null)
	const cache = createPageCache({
		ttlMs: pageCacheTtlMs,
		maxPages: MAX_PAGES,
		logger,
		isSecure: (req: IncomingMessage) => isSecureRequest(req, options.trustProxy),
		async render(path, variant) {
			const publicUrl = options.publicUrl()
			const context = new RouterContextProvider()
			context.set(staffContext, null)
			context.set(servicesContext, { ...options.services, secureCookies: false, publicUrl })
			context.set(requestInfoContext, {
				csrfToken: maskToken(siteSecret),
				nonce: '',
				clientAddress: '',
				renderWhole: true,
			})
			const headers = new Headers({ accept: 'text/html,application/xhtml+xml' })
			if (variant === BANNER_DISMISSED) headers.set('cookie', (await dismissBannerCookie(context)).split(';')[0]!)
			return options.handleRequest(new Request(new URL(path, publicUrl), { headers }), context)
		},
	})
	onContentChange(cache.forget)
	return cache
}
