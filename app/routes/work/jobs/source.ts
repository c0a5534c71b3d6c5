import type { Route } from './+types/source'
import { requireTranslator } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { fileDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { takeJobSource } from '#app/models/vendor/work.server.ts'

// GET /work/jobs/:id/sources/:documentId: a source document of the translator's own job, logged.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const me = await requireTranslator(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await takeJobSource(getServices(context), me, id, params.documentId) : null
	if (!found) throw notFound()
	return fileDownload(getServices(context).files, found.file, found.name)
}
