import type { Route } from './+types/orders-export'
import { requireStaff } from '#app/http/access.server.ts'
import { exportOrdersCsv, readOrderFilter } from '#app/models/order/admin.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'

// GET /admin/orders/export: every order the list's filter matches, as CSV (semicolons, for a
// Danish spreadsheet), streamed batch by batch.
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const batches = exportOrdersCsv(getDb(context), readOrderFilter(new URL(request.url)))
	const encoder = new TextEncoder()
	const body = new ReadableStream<Uint8Array>({
		start: (controller) => controller.enqueue(encoder.encode('\uFEFF')),
		async pull(controller) {
			const next = await batches.next()
			if (next.done) controller.close()
			else controller.enqueue(encoder.encode(next.value))
		},
		cancel: async () => void (await batches.return(undefined)),
	})
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="orders-${todayInDenmark()}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
