import type { Route } from './+types/file'
import { takeOrderTranslation } from '#app/models/order/staff-files.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { fileDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /admin/orders/:id/files/:fileId: a translation of the order, for staff to check before or
// after delivery; a download, logged with who took it.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await takeOrderTranslation(getServices(context), staff, id, params.fileId) : null
	if (!found) throw notFound()
	return fileDownload(getServices(context).files, found.file, found.name)
}
