import type { Route } from './+types/file'
import { requireTranslator } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { fileDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { takeOwnJobFile } from '#app/models/vendor/work.server.ts'

// GET /work/jobs/:id/files/:fileId: a file the translator handed in for their own job.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const me = await requireTranslator(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await takeOwnJobFile(getServices(context), me, id, params.fileId) : null
	if (!found) throw notFound()
	return fileDownload(getServices(context).files, found.file, found.name)
}
