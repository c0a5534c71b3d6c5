import type { NextFunction, Request, Response } from 'express'
import { createStaticHandler, type RouteObject, type ServerBuild } from 'react-router'
import { discardUnreadBody } from '#server/request-bridge.ts'

// React Router matches an address case-insensitively, after percent-decoding, with `.` and `..`
// resolved, `//` and a trailing slash ignored. Anything that read the raw address (a guard, a
// limit, a log) would see another address than the one served. So every address is answered at
// one spelling only: any other is sent there (308 keeps the method and body) before anything else
// reads it, and the route that matched travels with the request (res.locals.route).

export type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] }
export type MatchedRoute = { id: string; pattern: string }
export type Canonical = { path: string; route: MatchedRoute | null }

const UNRESERVED = /[A-Za-z0-9\-._~]/

// The build's flat manifest as the tree React Router matches against.
export function routeTree(build: Pick<ServerBuild, 'routes'>): RouteNode[] {
	const nodes = new Map<string, RouteNode>()
	for (const route of Object.values(build.routes)) {
		if (!route) continue
		nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive })
	}
	const roots: RouteNode[] = []
	for (const route of Object.values(build.routes)) {
		if (!route) continue
		const node = nodes.get(route.id)!
		const parent = route.parentId ? nodes.get(route.parentId) : undefined
		if (parent) (parent.children ??= []).push(node)
		else roots.push(node)
	}
	return roots
}

// `%6F` is `o`; other escapes are kept, with upper-case hex (RFC 3986, 6.2.2).
function normalizeEscapes(segment: string): string {
	return segment.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
		const char = String.fromCharCode(parseInt(hex, 16))
		return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`
	})
}

const encodeLiteral = (literal: string) => normalizeEscapes(encodeURIComponent(literal))

// React Router's data requests name the page they are for: /page.data, /page/_.data, /_.data.
function splitDataSuffix(pathname: string): [string, string] {
	if (pathname.endsWith('/_.data')) return [pathname.slice(0, -'/_.data'.length) || '/', '/_.data']
	if (pathname.endsWith('.data')) return [pathname.slice(0, -'.data'.length), '.data']
	return [pathname, '']
}

// Dot segments resolved (also `%2e`), empty segments and trailing dots dropped, escapes normalised.
function segmentsOf(pathname: string): string[] {
	let resolved: string
	try {
		resolved = new URL(pathname.replace(/^\/+/, '/'), 'http://site.invalid').pathname
	} catch {
		resolved = pathname
	}
	return resolved
		.split('/')
		.map((segment) => normalizeEscapes(segment).replace(/\.+$/, ''))
		.filter((segment) => segment !== '')
}

// The matcher React Router's server uses (its static handler's, branches ranked once).
export type RouteMatcher = { match: (pathname: string) => { route: unknown }[] | null }
export const matcherOf = (tree: RouteNode[]): RouteMatcher => createStaticHandler(tree as RouteObject[])

export function canonicalAddress(matcher: RouteMatcher, pathname: string): Canonical {
	const [page, suffix] = splitDataSuffix(pathname)
	const segments = segmentsOf(page)
	const normalized = `/${segments.join('/')}`
	const matches = matcher.match(normalized)
	const leaf = matches?.[matches.length - 1]
	if (!matches || !leaf) return { path: joinSuffix(normalized, suffix), route: null }
	const pattern = matches
		.map((match) => (match.route as RouteNode).path)
		.filter(Boolean)
		.join('/')
	const spelled = spellAs(pattern, segments)
	const path = joinSuffix(spelled ? `/${spelled.join('/')}` : normalized, suffix)
	return { path, route: { id: (leaf.route as RouteNode).id, pattern: `/${pattern}` } }
}

// The route's own literals in place of however the visitor spelled them; parameters as sent.
function spellAs(pattern: string, segments: string[]): string[] | null {
	const literals = pattern.split('/').filter(Boolean)
	const spelled: string[] = []
	for (const [index, literal] of literals.entries()) {
		if (literal === '*') return [...spelled, ...segments.slice(index)]
		if (literal.endsWith('?')) return null
		const segment = segments[index]
		if (segment === undefined) return null
		spelled.push(literal.startsWith(':') ? segment : encodeLiteral(literal))
	}
	return spelled.length === segments.length ? spelled : null
}

const joinSuffix = (path: string, suffix: string) =>
	suffix === '' ? path : suffix === '/_.data' ? `${path === '/' ? '' : path}/_.data` : `${path}${suffix}`

export type RouteLocals = { route: MatchedRoute | null }

// Express middleware: another spelling is redirected, the canonical one carries its route.
export function canonicalAddresses(build: () => Promise<Pick<ServerBuild, 'routes'>>) {
	const answerers = new WeakMap<object, (pathname: string) => Canonical>()
	return async function canonical(req: Request, res: Response, next: NextFunction) {
		try {
			const loaded = await build()
			let answer = answerers.get(loaded.routes)
			if (!answer) answerers.set(loaded.routes, (answer = rememberingAnswers(matcherOf(routeTree(loaded)))))
			// The address as sent (Express's req.path would read `//x` as a host, and an absolute form's path).
			const target = req.originalUrl
			const queryAt = target.includes('?') ? target.indexOf('?') : target.length
			const pathname = target.slice(0, queryAt)
			const { path, route } = answer(pathname)
			if (path === pathname) {
				;(res.locals as RouteLocals).route = route
				return next()
			}
			res.set('Cache-Control', 'no-store').redirect(308, path + target.slice(queryAt))
			// A body sent with another spelling is never read: dropped up to the usual bound.
			discardUnreadBody(req)
		} catch (error) {
			next(error)
		}
	}
}

// Matching walks every route's pattern (3 to 5% of an uncached page's time), so each address's
// answer is kept, the oldest forgotten first. Only addresses of a usual length: a visitor's
// made-up long ones are answered afresh rather than fill the memory. Shared by every request for
// the address, an answer is frozen.
const REMEMBERED_ADDRESSES = 2_000
const REMEMBERED_LENGTH = 200

export function rememberingAnswers(matcher: RouteMatcher): (pathname: string) => Canonical {
	const answers = new Map<string, Canonical>()
	return (pathname) => {
		const kept = answers.get(pathname)
		if (kept) return kept
		const { path, route } = canonicalAddress(matcher, pathname)
		const answer = Object.freeze({ path, route: route && Object.freeze(route) })
		if (pathname.length > REMEMBERED_LENGTH) return answer
		if (answers.size >= REMEMBERED_ADDRESSES) answers.delete(answers.keys().next().value!)
		answers.set(pathname, answer)
		return answer
	}
}
