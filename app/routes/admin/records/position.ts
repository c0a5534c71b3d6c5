import { data } from 'react-router'
import type { Route } from './+types/position'
import { PositionSchema, saveOrderOf, UnknownItemsError } from '#app/models/records/position.server.ts'
import { requireArea, requireStaff } from '#app/http/access.server.ts'
import { AREA_OF_SORTABLE } from '#app/models/staff/roles.ts'
import { getServices } from '#app/http/context.server.ts'
import { readJson } from '#app/http/request-body.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

// Only PATCH; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	return methodNotAllowed('PATCH')
}

// PATCH /admin/position {model, items: [ids in the new order]}: the sortable lists' save.
export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	if (request.method !== 'PATCH') return methodNotAllowed('PATCH')
	const parsed = PositionSchema.safeParse(await readJson(request))
	if (!parsed.success)
		return data({ error: 'Send {model, items} with a known model and a list of ids.' }, { status: 422 })
	const { model, items } = parsed.data
	requireArea(staff, AREA_OF_SORTABLE[model])
	try {
		await saveOrderOf(getServices(context), staff, model, items)
	} catch (error) {
		if (error instanceof UnknownItemsError) return data({ error: `Not every id is a ${model}.` }, { status: 422 })
		throw error
	}
	return { model, items }
}
