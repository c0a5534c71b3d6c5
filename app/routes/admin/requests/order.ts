import { redirect } from 'react-router'
import type { Route } from './+types/order'
import { requireStaff, staffPostOnly } from '#app/http/access.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { QuoteNotAcceptable, QuoteNotFound } from '#app/models/order/accept.server.ts'
import { orderFromRequest } from '#app/models/order/from-request.server.ts'
import { RequestNotFound } from '#app/models/request/inbox.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { methodNotAllowed, notFound } from '#app/http/responses.server.ts'

export const loader = staffPostOnly

// POST /admin/requests/:id/order: the request's quote becomes an order; on to the order's page.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	try {
		const order = await orderFromRequest(getServices(context), staff, id)
		return redirect(`/admin/orders/${order.id}`)
	} catch (error) {
		if (error instanceof RequestNotFound) throw notFound()
		if (error instanceof QuoteNotFound)
			return redirectWithFlash(context, `/admin/requests/${id}`, { kind: 'error', key: 'order.error.noQuote' })
		if (error instanceof QuoteNotAcceptable)
			return redirectWithFlash(context, `/admin/requests/${id}`, { kind: 'error', key: 'order.error.not-invoiceable' })
		throw error
	}
}
