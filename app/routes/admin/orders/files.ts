import { data } from 'react-router'
import type { Route } from './+types/files'
import { requireStaff, staffPostOnly } from '#app/http/access.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { UploadRefused } from '#app/models/documents/upload.server.ts'
import { addOrderFile } from '#app/models/order/files.server.ts'
import { OrderNotFound, OrderRefused } from '#app/models/order/lifecycle.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { methodNotAllowed, notFound } from '#app/http/responses.server.ts'
import { multipartSource } from '#app/http/multipart.server.ts'

export const loader = staffPostOnly

// POST /admin/orders/:id/files, multipart with one `file`: a translated file for the order, checked
// as customers' uploads are and within the same size limit.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	const back = `/admin/orders/${id}`
	const { uploadLimitMib } = await getRequestSettings(context)
	try {
		const file = await addOrderFile(getServices(context), staff, id, multipartSource(request), uploadLimitMib)
		return redirectWithFlash(context, back, { kind: 'success', key: 'order.flash.file', vars: { name: file.name } })
	} catch (error) {
		if (error instanceof OrderNotFound) throw notFound()
		if (error instanceof OrderRefused)
			return redirectWithFlash(context, back, { kind: 'error', key: 'order.error.transition' })
		if (error instanceof UploadRefused && error.refusal.reason === 'malformed')
			throw data({ error: 'The upload could not be read.' }, { status: 400 })
		if (error instanceof UploadRefused)
			return redirectWithFlash(context, back, { kind: 'error', key: `order.error.upload.${error.refusal.reason}` })
		throw error
	}
}
