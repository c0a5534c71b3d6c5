import type { Route } from './+types/orders-export'
import { requireStaff } from '#app/http/access.server.ts'
import { exportOrdersCsv, readOrderFilter } from '#app/models/order/admin.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'

// GET /admin/orders/export: the order list as filtered, as CSV (semicolons, for a Danish spreadsheet).
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const csv = await exportOrdersCsv(getDb(context), readOrderFilter(new URL(request.url)))
	return new Response(`\uFEFF${csv}`, {
		headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="orders-${todayInDenmark()}.csv"`, 'Cache-Control': 'private, no-store' },
	})
}
