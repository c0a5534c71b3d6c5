import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { requireTranslator } from '#app/http/access.server.ts'
import { signOut } from '#app/models/staff/sign-in.server.ts'
import { clearedSessionCookieHeader, sessionTokenOf } from '#app/http/session-cookie.server.ts'
import { WORK_LOGIN_PATH } from '#app/utils/admin-paths.ts'
import { getServices, staffContext } from '#app/http/context.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireTranslator(request, context)
	return methodNotAllowed('POST')
}

// POST /work/logout: the translator signs this browser out.
export async function action({ request, context }: Route.ActionArgs) {
	await requireTranslator(request, context)
	const services = getServices(context)
	await signOut(services, context.get(staffContext)!, sessionTokenOf(request))
	return redirect(WORK_LOGIN_PATH, { headers: { 'Set-Cookie': clearedSessionCookieHeader(services.secureCookies) } })
}
