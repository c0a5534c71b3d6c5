import type { Route } from './+types/reminders'
import { requireStaff, staffPostOnly } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { sendDueReminders } from '#app/models/invoice/reminders.server.ts'

export const loader = staffPostOnly

// POST /admin/invoices/reminders: send the reminders that are due now, as the hourly run would.
export async function action({ request, context }: Route.ActionArgs) {
	requireStaff(request, context)
	const sent = await sendDueReminders(getServices(context))
	return redirectWithFlash(context, '/admin/invoices', {
		kind: 'success',
		key: 'invoices.flash.reminders',
		vars: { count: sent },
	})
}
