import type { Route } from './+types/export'
import { exportRequestsCsv, readInboxFilter } from '#app/models/request/inbox.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'

// GET /admin/requests/export: the inbox (with its filters) as a CSV file.
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const csv = await exportRequestsCsv(getDb(context), readInboxFilter(new URL(request.url)))
	const day = new Date().toISOString().slice(0, 10)
	return new Response(csv, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="requests-${day}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
