import type { Route } from './+types/document-count'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import {
	correctDocumentCount,
	CountCorrectionSchema,
	DocumentNotFound,
} from '#app/models/documents/correction.server.ts'
import { requireStaff, staffPostOnly } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { methodNotAllowed, notFound } from '#app/http/responses.server.ts'

export const loader = staffPostOnly

// POST /admin/requests/:id/documents/:documentId/count: staff set a document's word count, with
// the reason; the request's quote is priced again.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	const back = `/admin/requests/${id}#document-${params.documentId}`
	const parsed = CountCorrectionSchema.safeParse(Object.fromEntries(await readForm(request)))
	if (!parsed.success) return redirectWithFlash(context, back, { kind: 'error', key: 'request.error.count' })
	try {
		await correctDocumentCount(
			getServices(context),
			staff,
			{ requestId: id, documentId: params.documentId },
			parsed.data,
		)
	} catch (error) {
		if (error instanceof DocumentNotFound) throw notFound()
		throw error
	}
	return redirectWithFlash(context, back, { kind: 'success', key: 'request.flash.count' })
}
