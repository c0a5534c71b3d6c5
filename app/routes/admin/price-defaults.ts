import { data, redirect } from 'react-router'
import type { Route } from './+types/price-defaults'
import { recordAudit } from '#app/models/admin/audit.server.ts'
import { flashHeader } from '#app/http/flash.server.ts'
import { PriceDefaultsSchema, updateSettings } from '#app/models/admin/settings.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { fieldErrorsOf } from '#app/models/records/form.ts'
import { getDb, getServices } from '#app/utils/context.server.ts'
import { readForm } from '#app/utils/request-body.server.ts'
import { methodNotAllowed } from '#app/utils/methods.server.ts'

// Only POST; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	return methodNotAllowed('POST')
}

// POST /admin/prices/defaults: the price every pair without its own price costs, and the minimum order.
export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const values = Object.fromEntries(await readForm(request))
	const parsed = PriceDefaultsSchema.safeParse(values)
	if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error), values }, { status: 422 })
	const db = getDb(context)
	const changed = await updateSettings(db, parsed.data)
	await recordAudit(getServices(context), staff, {
		action: 'update',
		subjectType: 'prices',
		summary: 'defaults',
		changes: { fields: changed },
	})
	return redirect('/admin/prices', {
		headers: { 'Set-Cookie': await flashHeader(context, { kind: 'success', key: 'flash.settingsSaved' }) },
	})
}
