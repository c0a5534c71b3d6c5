import { z } from 'zod'
import type { Route } from './+types/status'
import { REQUEST_STATUSES } from '#database/enums.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { moveRequest, RequestNotFound } from '#app/models/request/inbox.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { methodNotAllowed, orNotFound } from '#app/http/responses.server.ts'

const StatusSchema = z.object({ status: z.enum(REQUEST_STATUSES) })

// Only PATCH, POST; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	return methodNotAllowed('PATCH, POST')
}

// POST or PATCH /admin/requests/:id/status: moves a request along (new, quoted, won, lost).
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (!['POST', 'PATCH'].includes(request.method)) return methodNotAllowed('PATCH, POST')
	const id = parseRecordId(params.id)
	const parsed = StatusSchema.safeParse(Object.fromEntries(await readForm(request)))
	if (!parsed.success) {
		return redirectWithFlash(context, `/admin/requests/${id}`, { kind: 'error', key: 'request.error.status' })
	}
	await orNotFound(moveRequest(getServices(context), staff, id, parsed.data.status), RequestNotFound)
	return redirectWithFlash(context, `/admin/requests/${id}`, { kind: 'success', key: 'request.flash.status' })
}
