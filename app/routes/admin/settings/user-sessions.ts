import type { Route } from './+types/user-sessions'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { requireAdmin } from '#app/http/access.server.ts'
import { signOutEverywhere } from '#app/models/staff/sign-in.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

// Only DELETE, POST; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireAdmin(request, context)
	return methodNotAllowed('DELETE, POST')
}

// DELETE (or POST) /admin/users/:id/sessions: signs the account out everywhere (except this browser, for
// an admin's own account).
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireAdmin(request, context)
	// POST too, so the button works before the page's script has loaded.
	if (request.method !== 'DELETE' && request.method !== 'POST') return methodNotAllowed('DELETE, POST')
	const id = parseRecordId(params.id)
	await signOutEverywhere(getServices(context), staff, id)
	return redirectWithFlash(context, `/admin/users/${id}`, { kind: 'success', key: 'flash.signedOut' })
}
