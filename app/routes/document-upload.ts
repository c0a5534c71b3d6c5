import { data, redirect } from 'react-router'
import type { Route } from './+types/document-upload'
import { ensureDraftId } from '#app/http/draft.server.ts'
import { receiveUpload, UploadRefused } from '#app/models/documents/upload.server.ts'
import { multipartSource } from '#app/http/multipart.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { translateUploadRefusal } from '#app/http/refusals.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { getDb, getServices, requestInfoContext, servicesContext } from '#app/http/context.server.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { documentStream } from '#app/models/documents/present.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'
import { wantsJson } from '#app/utils/request-headers.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

// Only POST; a GET is told so.
export const loader = () => methodNotAllowed('POST')

// POST /bestil/dokumenter (and /en/order/documents), multipart with one `file`: the order page's
// upload. Answers {document} as JSON, or a refusal with a message in the page's language.
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const db = getDb(context)
	const services = context.get(servicesContext)
	const settings = await getRequestSettings(context)
	const { draftId, setCookie } = await ensureDraftId(request, context)
	const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined
	const locale = localeFromPath(new URL(request.url).pathname)
	// A form sent without script goes back to the order page, which lists the documents.
	const asksForJson = wantsJson(request)
	try {
		const ipHash = addressKey('upload', context.get(requestInfoContext).clientAddress, services.secretKey)
		const source = multipartSource(request)
		const document = await receiveUpload(services, { source, draftId, limitMib: settings.uploadLimitMib, ipHash })
		if (!asksForJson) return redirect(pathFor('order', locale), { headers })
		return data(
			{ document, stream: liveStream(getServices(context), documentStream(document.id)) },
			{ status: 201, headers },
		)
	} catch (error) {
		if (!(error instanceof UploadRefused)) throw error
		const { refusal } = error
		if (!asksForJson) return redirect(`${pathFor('order', locale)}?upload_error=${refusal.reason}`, { headers })
		const { error: message, status } = await translateUploadRefusal(db, locale, refusal)
		return data({ error: message }, { status, headers })
	}
}
