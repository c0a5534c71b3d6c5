import { data, redirect } from 'react-router'
import type { Route } from './+types/language'
import { requireStaff } from '#app/http/access.server.ts'
import { adminLocaleCookie, parseLocale } from '#app/http/admin-locale.server.ts'
import { safeRedirectTo } from '#app/utils/admin-paths.ts'
import { servicesContext } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

// Only POST; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	return methodNotAllowed('POST')
}

// POST /admin/language: the staff member's choice of language for the admin.
export async function action({ request, context }: Route.ActionArgs) {
	requireStaff(request, context)
	const form = await readForm(request)
	const locale = parseLocale(form.get('locale'))
	if (!locale) return data({ error: 'Unknown language' }, { status: 422 })
	const headers = { 'Set-Cookie': adminLocaleCookie(locale, context.get(servicesContext).secureCookies) }
	return redirect(safeRedirectTo(form.get('redirectTo')), { headers })
}
