import type { Route } from './+types/export'
import { exportRequestsCsv, readInboxFilter } from '#app/models/request/inbox.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { csvVariantOf, csvWords } from '#app/models/csv-words.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'

// GET /admin/requests/export: the inbox (with its filters) as a CSV file, in the admin's language or
// the stable English variant (`?for=machines`).
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const url = new URL(request.url)
	const words = csvWords(csvVariantOf(url, resolveAdminLocale(request)), 'requests')
	const csv = await exportRequestsCsv(getDb(context), readInboxFilter(url), words)
	const day = new Date().toISOString().slice(0, 10)
	return new Response(csv, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="requests-${day}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
