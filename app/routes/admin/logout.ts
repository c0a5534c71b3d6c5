import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { recordAudit } from '#app/models/admin/audit.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { endSession } from '#app/models/staff/session.server.ts'
import { clearedSessionCookieHeader, sessionTokenOf } from '#app/http/session-cookie.server.ts'
import { LOGIN_PATH } from '#app/utils/admin-paths.ts'
import { getDb, getServices, servicesContext } from '#app/utils/context.server.ts'
import { methodNotAllowed } from '#app/utils/methods.server.ts'

// Only POST; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	return methodNotAllowed('POST')
}

export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const db = getDb(context)
	const token = sessionTokenOf(request)
	if (token) await endSession(db, token)
	await recordAudit(getServices(context), staff, { action: 'logout', subjectType: 'session', summary: staff.name })
	return redirect(LOGIN_PATH, {
		headers: { 'Set-Cookie': clearedSessionCookieHeader(context.get(servicesContext).secureCookies) },
	})
}
