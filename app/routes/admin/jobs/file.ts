import type { Route } from './+types/file'
import { requireStaff } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { fileDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { takeJobFileForStaff } from '#app/models/vendor/review.server.ts'

// GET /admin/jobs/:id/files/:fileId: a file a translator handed in, for the PM; logged.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await takeJobFileForStaff(getServices(context), staff, id, params.fileId) : null
	if (!found) throw notFound()
	return fileDownload(getServices(context).files, found.file, found.name)
}
