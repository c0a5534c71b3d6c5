import { data } from 'react-router'
import type { Route } from './+types/files'
import { requireTranslator } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { multipartSource } from '#app/http/multipart.server.ts'
import { parseRecordId } from '#app/http/records.server.ts'
import { methodNotAllowed, notFound } from '#app/http/responses.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { UploadRefused } from '#app/models/documents/upload.server.ts'
import { addJobFile } from '#app/models/vendor/work.server.ts'
import { JobRefused } from '#app/models/vendor/job-status.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireTranslator(request, context)
	return methodNotAllowed('POST')
}

// POST /work/jobs/:id/files, multipart with one `file`: the translation, checked as customers'
// uploads are (kind, content, size) and within the same limit.
export async function action({ request, params, context }: Route.ActionArgs) {
	const me = await requireTranslator(request, context)
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const id = parseRecordId(params.id)
	const back = `/work/jobs/${id}`
	const { uploadLimitMib } = await getRequestSettings(context)
	try {
		const file = await addJobFile(getServices(context), me, id, multipartSource(request), uploadLimitMib)
		if (!file) throw notFound()
		return redirectWithFlash(context, back, { kind: 'success', key: 'order.flash.file', vars: { name: file.name } })
	} catch (error) {
		if (error instanceof JobRefused) return redirectWithFlash(context, back, { kind: 'error', key: 'work.error.state' })
		if (error instanceof UploadRefused && error.refusal.reason === 'malformed')
			throw data({ error: 'The upload could not be read.' }, { status: 400 })
		if (error instanceof UploadRefused)
			return redirectWithFlash(context, back, { kind: 'error', key: `order.error.upload.${error.refusal.reason}` })
		throw error
	}
}
