import { data, redirect } from 'react-router'
import type { Route } from './+types/banner'
import { dismissBannerCookie } from '#app/models/banner.server.ts'
import { methodNotAllowed } from '#app/utils/methods.server.ts'

// Only POST; a GET is told so.
export const loader = () => methodNotAllowed('POST')

// POST /banner: the dismissible banner stays dismissed (a signed cookie, so no script needed).
export async function action({ request, context }: Route.ActionArgs) {
	const headers = { 'Set-Cookie': await dismissBannerCookie(context) }
	if (request.headers.get('X-Requested-With') === 'XMLHttpRequest') return data({ dismissed: true }, { headers })
	return redirect(sameSiteReferrer(request) ?? '/', { headers })
}

function sameSiteReferrer(request: Request): string | null {
	const referrer = request.headers.get('Referer')
	if (!referrer) return null
	const url = new URL(referrer)
	return url.origin === new URL(request.url).origin ? url.pathname + url.search : null
}
