import type { Route } from './+types/payables-export'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { csvDownload } from '#app/http/download.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { payablesCsv } from '#app/models/vendor/payables.server.ts'
import { csvVariantOf, csvWords } from '#app/models/csv-words.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'

// GET /admin/payables/export: every approved job with its translator, month and fee, for the
// accountant, in the admin's language or the stable English variant (`?for=machines`).
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const words = csvWords(csvVariantOf(new URL(request.url), resolveAdminLocale(request)), 'payables')
	return csvDownload(payablesCsv(getDb(context), words), `translator-payables-${todayInDenmark()}.csv`)
}
