import type { Route } from './+types/export'
import { requireStaff } from '#app/http/access.server.ts'
import { csvDownload } from '#app/http/download.server.ts'
import { exportOrdersCsv, readOrderFilter } from '#app/models/order/admin.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { csvVariantOf, csvWords } from '#app/models/csv-words.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'

// GET /admin/orders/export: every order the list's filter matches, as CSV (semicolons, for a
// Danish spreadsheet), streamed batch by batch; in the admin's language or the stable English
// variant (`?for=machines`).
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const url = new URL(request.url)
	const words = csvWords(csvVariantOf(url, resolveAdminLocale(request)), 'orders')
	const batches = exportOrdersCsv(getDb(context), readOrderFilter(url), todayInDenmark(), words)
	return csvDownload(batches, `orders-${todayInDenmark()}.csv`)
}
