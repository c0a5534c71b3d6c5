// GET /businesses?query=…: the business picker's search, answered ahead of the page machinery (a
// search is asked for at every pause in typing and must not wait behind page renders). Fewer than
// three characters answer an empty list and cost nothing; an address past its limit gets 429 with
// an empty list, which the picker shows as "wait a moment".
import type { IncomingMessage, ServerResponse } from 'node:http'
import { z } from 'zod'
import { BUSINESSES_PATH, MIN_QUERY_LENGTH } from '#app/models/company/search-rules.ts'
import { clientAddress, isSecureRequest, type TrustProxy } from '#server/trust-proxy.ts'
import { dataSecurityHeaders } from '#server/security-headers.ts'
import type { Logger } from '#server/logger.ts'
import { createSearchLimiter, type SearchLimits } from '#server/company-search/rate-limit.ts'
import { count } from '#server/metrics.ts'
import type { SearchCompanies } from '#server/company-search/service.ts'

const QuerySchema = z.string().max(100).catch('')
const EMPTY = JSON.stringify({ businesses: [] })

// Seconds the address must wait, 0 when it may search now (and the search is counted).
export type TakeSearch = (address: string) => number | Promise<number>
type Options = {
	searchCompanies: SearchCompanies
	limits: SearchLimits
	// Shared by every process (PostgreSQL); unset: this process's own count.
	take?: TakeSearch
	trustProxy: TrustProxy
	logger: Logger
}

export function businessesEndpoint({
	searchCompanies,
	limits,
	take = createSearchLimiter(limits),
	trustProxy,
	logger,
}: Options) {
	// True when the request was this endpoint's (and is answered or being answered).
	return function serve(req: IncomingMessage, res: ServerResponse): boolean {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false
		const url = req.url ?? ''
		const queryAt = url.indexOf('?')
		if ((queryAt < 0 ? url : url.slice(0, queryAt)) !== BUSINESSES_PATH || /%00/i.test(url)) return false
		const query = QuerySchema.parse(new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1)).get('query') ?? '')
		const send = answer(res, isSecureRequest(req, trustProxy))
		if (query.trim().length < MIN_QUERY_LENGTH) return send(200, EMPTY)
		const search = (wait: number) => {
			if (wait > 0) return send(429, EMPTY, { 'Retry-After': String(wait), 'Cache-Control': 'no-store' })
			count('searches')
			const started = performance.now()
			searchCompanies(query).then(
				({ businesses, source }) =>
					send(200, JSON.stringify({ businesses }), {
						'Server-Timing': `${source};dur=${(performance.now() - started).toFixed(1)}`,
					}),
				(error: unknown) => {
					logger.error({ err: error }, 'business search failed')
					send(500, EMPTY, { 'Cache-Control': 'no-store' })
				},
			)
			return true
		}
		const wait = take(clientAddress(req, trustProxy))
		if (typeof wait === 'number') return search(wait)
		wait.then(search, (error: unknown) => {
			// The limit's store is out of reach: the search goes on, as it would for a new address.
			logger.warn({ err: error }, 'business search limit not read')
			search(0)
		})
		return true
	}
}

// The same security headers as every page, for data.
const answer =
	(res: ServerResponse, isSecure: boolean) =>
	(status: number, body: string, headers: Record<string, string> = {}): true => {
		res.writeHead(status, {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Length': Buffer.byteLength(body),
			// Private: the list may hold marketing-protected companies, shown to this visitor only.
			'Cache-Control': 'private, max-age=300',
			...dataSecurityHeaders(isSecure),
			...headers,
		})
		res.end(res.req.method === 'HEAD' ? undefined : body)
		return true
	}
