import { data } from 'react-router'
import type { Route } from './+types/price-defaults'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { PriceDefaultsSchema, savePriceDefaults } from '#app/models/settings.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { fieldErrorsOf } from '#app/models/records/form.ts'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

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
	await savePriceDefaults(getServices(context), staff, parsed.data)
	return redirectWithFlash(context, '/admin/prices', { kind: 'success', key: 'flash.settingsSaved' })
}
