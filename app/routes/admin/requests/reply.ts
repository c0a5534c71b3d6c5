import type { Route } from './+types/reply'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { RequestNotFound } from '#app/models/request/inbox.server.ts'
import { replyToRequest, ReplySchema } from '#app/models/request/reply.server.ts'
import { requireStaff, staffPostOnly } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { methodNotAllowed, orNotFound } from '#app/http/responses.server.ts'

export const loader = staffPostOnly

// POST /admin/requests/:id/reply: staff answer the customer by mail, from the request's page.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	const parsed = ReplySchema.safeParse(Object.fromEntries(await readForm(request)))
	if (!parsed.success)
		return redirectWithFlash(context, `/admin/requests/${id}#reply`, { kind: 'error', key: 'request.error.reply' })
	await orNotFound(replyToRequest(getServices(context), staff, id, parsed.data), RequestNotFound)
	return redirectWithFlash(context, `/admin/requests/${id}#notes`, { kind: 'success', key: 'request.flash.reply' })
}
