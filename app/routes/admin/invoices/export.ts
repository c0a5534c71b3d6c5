import type { Route } from './+types/export'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { csvDownload } from '#app/http/download.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { exportInvoicesCsv, readInvoiceFilter } from '#app/models/invoice/receivables.server.ts'
import { csvLine } from '#app/utils/csv.ts'
import { csvVariantOf, csvWords } from '#app/models/csv-words.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'

// GET /admin/invoices/export: every invoice and credit note the list's filter matches, for the
// accountant: UTF-8 with a byte order mark and semicolons, so a Danish Excel opens it as columns;
// headers and codes in the admin's language, or the stable English variant (`?for=machines`).
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const today = todayInDenmark()
	const filter = readInvoiceFilter(new URL(request.url))
	const words = csvWords(csvVariantOf(new URL(request.url), resolveAdminLocale(request)), 'invoices')
	const batches = exportInvoicesCsv(getDb(context), filter, today, (cells) => `${csvLine(cells)}\r\n`, words)
	return csvDownload(batches, `invoices-${today}.csv`)
}
