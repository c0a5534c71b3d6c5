import { data, redirect } from 'react-router'
import type { Route } from './+types/document'
import { findDocumentView } from '#app/models/documents/list.server.ts'
import { removeDraftDocument } from '#app/models/documents/removal.server.ts'
import { readDraftId } from '#app/http/draft.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { methodNotAllowed, notFound } from '#app/http/responses.server.ts'
import { LOCALES, pathFor } from '#app/utils/locales.ts'
import { wantsJson } from '#app/utils/request-headers.ts'
import { readForm } from '#app/http/request-body.server.ts'

// GET /documents/:id: a document's current state as JSON. The random id is the key.
export async function loader({ params, context }: Route.LoaderArgs) {
	const document = await findDocumentView(getDb(context), params.id)
	if (!document) throw notFound()
	return data({ document }, { headers: { 'Cache-Control': 'no-store' } })
}

// DELETE /documents/:id (or POST from the page without script): the visitor removes a file from
// their order in progress; only from their own, and only before it is sent.
export async function action({ request, params, context }: Route.ActionArgs) {
	if (request.method !== 'DELETE' && request.method !== 'POST') return methodNotAllowed('DELETE, POST')
	const draftId = await readDraftId(request, context)
	const removed = await removeDraftDocument(getServices(context), draftId, params.id)
	if (wantsJson(request) || request.method === 'DELETE') {
		if (!removed) throw notFound()
		return data({ removed: params.id }, { headers: { 'Cache-Control': 'no-store' } })
	}
	const back = String((await readForm(request)).get('back') ?? '')
	const orderPage =
		LOCALES.map((locale) => pathFor('order', locale)).find((path) => path === back) ?? pathFor('order', 'da')
	return redirect(orderPage)
}
