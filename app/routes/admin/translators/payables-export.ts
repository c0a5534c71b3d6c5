import type { Route } from './+types/payables-export'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { csvDownload } from '#app/http/download.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { payablesCsv } from '#app/models/vendor/payables.server.ts'

// GET /admin/payables/export: every approved job with its translator, month and fee, for the accountant.
export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	return csvDownload(payablesCsv(getDb(context)), `translator-payables-${todayInDenmark()}.csv`)
}
