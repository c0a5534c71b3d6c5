import type { Route } from './+types/document-text'
import { takeRequestDocumentText } from '#app/models/order/staff-files.server.ts'
import { ADMIN_MESSAGES } from '#app/models/translation.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { textDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /admin/requests/:id/documents/:documentId/text: what a document was counted from, for staff.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const id = recordIdOf(params.id)
	const locale = resolveAdminLocale(request)
	const messages = ADMIN_MESSAGES[locale]
	const label = (part: string) => messages[`request.part.${part}`] ?? part
	const found = id
		? await takeRequestDocumentText(getServices(context), staff, id, params.documentId, locale, label)
		: null
	if (!found) throw notFound()
	return textDownload(found.text, found.name)
}
