import type { Route } from './+types/invoices-export'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { exportInvoicesCsv, readInvoiceFilter } from '#app/models/invoice/receivables.server.ts'
import { csvLine } from '#app/utils/csv.ts'

// GET /admin/invoices/export: every invoice and credit note the list's filter matches, for the
// accountant: UTF-8 with a byte order mark and semicolons, so a Danish Excel opens it as columns.
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const today = todayInDenmark()
	const batches = exportInvoicesCsv(
		getDb(context),
		readInvoiceFilter(new URL(request.url)),
		today,
		(cells) => `${csvLine(cells)}\r\n`,
	)
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
			'Content-Disposition': `attachment; filename="invoices-${today}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
