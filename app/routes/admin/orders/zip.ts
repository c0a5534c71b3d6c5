import type { Route } from './+types/zip'
import { takeOrderZip } from '#app/models/order/staff-files.server.ts'
import { zipDownload } from '#app/models/order/zip.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /admin/orders/:id/files.zip: what the customer has of the order, as they would download it;
// in the audit log with who took it.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const services = getServices(context)
	const id = recordIdOf(params.id)
	const found = id ? await takeOrderZip(services, staff, id) : null
	if (!found) throw notFound()
	return zipDownload(services.files, found.entries, found.reference)
}
