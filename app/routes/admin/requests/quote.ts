import type { Route } from './+types/quote'
import { requireStaff, staffPostOnly } from '#app/http/access.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { quoteRequest } from '#app/models/request/staff-quote.server.ts'
import { RequestNotFound } from '#app/models/request/inbox.server.ts'
import { QuoteRefused } from '#app/models/quote/quote.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { methodNotAllowed, notFound } from '#app/http/responses.server.ts'

export const loader = staffPostOnly

// POST /admin/requests/:id/quote: staff make the request's quote from its documents.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	const back = `/admin/requests/${id}`
	try {
		await quoteRequest(getServices(context), staff, id)
		return redirectWithFlash(context, `${back}#request-quote`, { kind: 'success', key: 'request.flash.quote' })
	} catch (error) {
		if (error instanceof RequestNotFound) throw notFound()
		if (error instanceof QuoteRefused)
			return redirectWithFlash(context, back, { kind: 'error', key: `request.error.quote.${error.reason}` })
		throw error
	}
}
