import { z } from 'zod'
import type { Route } from './+types/notes'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { addRequestNote, RequestNotFound } from '#app/models/request/inbox.server.ts'
import { requireStaff, staffPostOnly } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { methodNotAllowed, orNotFound } from '#app/http/responses.server.ts'

const NoteSchema = z.object({ body: z.string().trim().min(1).max(5000) })

export const loader = staffPostOnly

// POST /admin/requests/:id/notes: a staff note on a request, kept with its history.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	const parsed = NoteSchema.safeParse(Object.fromEntries(await readForm(request)))
	if (!parsed.success)
		return redirectWithFlash(context, `/admin/requests/${id}`, { kind: 'error', key: 'request.error.note' })
	await orNotFound(addRequestNote(getDb(context), id, staff, parsed.data.body), RequestNotFound)
	return redirectWithFlash(context, `/admin/requests/${id}#notes`, { kind: 'success', key: 'request.flash.note' })
}
