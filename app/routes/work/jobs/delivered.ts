import type { Route } from './+types/delivered'
import { requireTranslator } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { fileDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { takeJobSource } from '#app/models/vendor/work.server.ts'

// GET /work/jobs/:id/delivered/:fileId: a delivered file the translator's own revision or
// proofreading works on, logged.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const me = await requireTranslator(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await takeJobSource(getServices(context), me, id, params.fileId, 'delivered') : null
	if (!found) throw notFound()
	return fileDownload(getServices(context).files, found.file, found.name)
}
