import { data } from 'react-router'
import type { Route } from './+types/documents'
import { requireStaff, staffPostOnly } from '#app/http/access.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { UploadRefused } from '#app/models/documents/upload.server.ts'
import { addRequestDocument } from '#app/models/request/staff-quote.server.ts'
import { RequestNotFound } from '#app/models/request/inbox.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { methodNotAllowed, notFound } from '#app/http/responses.server.ts'
import { multipartSource } from '#app/http/multipart.server.ts'

export const loader = staffPostOnly

// POST /admin/requests/:id/documents, multipart with one `file`: a document the customer mailed,
// added to the request by staff and counted like an upload.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	const back = `/admin/requests/${id}#request-documents`
	const { uploadLimitMib } = await getRequestSettings(context)
	try {
		const row = await addRequestDocument(getServices(context), staff, id, multipartSource(request), uploadLimitMib)
		return redirectWithFlash(context, back, {
			kind: 'success',
			key: 'request.flash.document',
			vars: { name: row.name },
		})
	} catch (error) {
		if (error instanceof RequestNotFound) throw notFound()
		if (error instanceof UploadRefused && error.refusal.reason === 'malformed')
			throw data({ error: 'The upload could not be read.' }, { status: 400 })
		if (error instanceof UploadRefused)
			return redirectWithFlash(context, back, { kind: 'error', key: `order.error.upload.${error.refusal.reason}` })
		throw error
	}
}
