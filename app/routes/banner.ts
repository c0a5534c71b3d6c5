import { data, redirect } from 'react-router'
import type { Route } from './+types/banner'
import { dismissBannerCookie } from '#app/http/banner.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'
import { sameSiteReferrer } from '#app/utils/safe-redirect.ts'

// Only POST; a GET is told so.
export const loader = () => methodNotAllowed('POST')

// POST /banner: the dismissible banner stays dismissed (a signed cookie, so no script needed).
export async function action({ request, context }: Route.ActionArgs) {
	const headers = { 'Set-Cookie': await dismissBannerCookie(context) }
	if (request.headers.get('X-Requested-With') === 'XMLHttpRequest') return data({ dismissed: true }, { headers })
	// Back to the page the banner was dismissed on; any other Referer is ignored.
	return redirect(sameSiteReferrer(request) ?? '/', { headers })
}
