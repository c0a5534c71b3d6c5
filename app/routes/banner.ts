import { data, redirect } from 'react-router'
import type { Route } from './+types/banner'
import { dismissBannerCookie } from '#app/http/banner.server.ts'
import { methodNotAllowed } from '#app/utils/methods.server.ts'

// Only POST; a GET is told so.
export const loader = () => methodNotAllowed('POST')

// POST /banner: the dismissible banner stays dismissed (a signed cookie, so no script needed).
export async function action({ request, context }: Route.ActionArgs) {
	const headers = { 'Set-Cookie': await dismissBannerCookie(context) }
	if (request.headers.get('X-Requested-With') === 'XMLHttpRequest') return data({ dismissed: true }, { headers })
	return redirect(sameSiteReferrer(request) ?? '/', { headers })
}

// Back to the page the banner was dismissed on; any other Referer (another site, or no address
// at all) is ignored.
function sameSiteReferrer(request: Request): string | null {
	const referrer = URL.parse(request.headers.get('Referer') ?? '')
	return referrer?.origin === new URL(request.url).origin ? referrer.pathname + referrer.search : null
}
