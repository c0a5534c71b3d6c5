import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { requireStaff } from '#app/http/access.server.ts'
import { signOut } from '#app/models/staff/sign-in.server.ts'
import { clearedSessionCookieHeader, sessionTokenOf } from '#app/http/session-cookie.server.ts'
import { LOGIN_PATH, WORK_LOGIN_PATH } from '#app/utils/admin-paths.ts'
import { getServices, servicesContext } from '#app/http/context.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

// Only POST; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	return methodNotAllowed('POST')
}

export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	await signOut(getServices(context), staff, sessionTokenOf(request))
	return redirect(staff.role === 'translator' ? WORK_LOGIN_PATH : LOGIN_PATH, {
		headers: { 'Set-Cookie': clearedSessionCookieHeader(context.get(servicesContext).secureCookies) },
	})
}
