import type { Route } from './+types/user-invitation'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { requireAdmin } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'
import { accountPageOf, inviteStaff } from '#app/models/staff/invitation.server.ts'

// Only POST; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireAdmin(request, context)
	return methodNotAllowed('POST')
}

// POST /admin/users/:id/invitation: a new invitation to set a password (the earlier ones stop
// working); back to the account's page, or the translator's.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireAdmin(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	const services = getServices(context)
	const sent = await inviteStaff(services, staff, id)
	return redirectWithFlash(
		context,
		await accountPageOf(services.db, id),
		sent ? { kind: 'success', key: 'users.flash.reinvited' } : { kind: 'error', key: 'users.error.inactive' },
	)
}
