// Every redirect whose target comes from a request (a login's `redirectTo`, a Referer, the page a
// form was sent from) goes through here. The target is resolved against the site's own origin and
// must stay on it, under `under` when given; what browsers read in ways a server does not (control
// characters, which they strip; backslashes, which they take for slashes; a path starting with
// two slashes, which names another host) is refused before resolving. Anything refused is the
// fallback. What comes back is a path, normalised: "/admin/../x" is "/x", never sent on as written.
const BASE = 'http://site.invalid'
const UNSAFE = /[\p{Cc}\\]/u

export function safeLocalPath(
	target: unknown,
	{ under = '/', fallback = under }: { under?: string; fallback?: string } = {},
): string {
	if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || UNSAFE.test(target))
		return fallback
	const url = URL.parse(target, BASE)
	if (!url || url.origin !== BASE || url.pathname.startsWith('//')) return fallback
	const isUnder = under === '/' || url.pathname === under || url.pathname.startsWith(`${under}/`)
	return isUnder ? url.pathname + url.search + url.hash : fallback
}

// The page a Referer names, when it is one of the site's own; else null.
export function sameSiteReferrer(request: Request): string | null {
	const referrer = URL.parse(request.headers.get('Referer') ?? '')
	if (!referrer || referrer.origin !== new URL(request.url).origin) return null
	const path = safeLocalPath(referrer.pathname + referrer.search, { fallback: '' })
	return path || null
}
