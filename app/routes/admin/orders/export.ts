import type { Route } from './+types/export'
import { requireStaff } from '#app/http/access.server.ts'
import { csvDownload } from '#app/http/download.server.ts'
import { exportOrdersCsv, readOrderFilter } from '#app/models/order/admin.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'

// GET /admin/orders/export: every order the list's filter matches, as CSV (semicolons, for a
// Danish spreadsheet), streamed batch by batch.
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const batches = exportOrdersCsv(getDb(context), readOrderFilter(new URL(request.url)))
	return csvDownload(batches, `orders-${todayInDenmark()}.csv`)
}
