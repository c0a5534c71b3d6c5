import { redirect, type RouterContextProvider } from 'react-router'
import { methodNotAllowed } from '#app/http/responses.server.ts'
import { perRequest, routePatternContext, staffContext } from '#app/http/context.server.ts'
import { translatorOfUser } from '#app/models/vendor/translators.server.ts'
import { isPageRequest, loginPathFor, WORK_PATH } from '#app/utils/admin-paths.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { areaOfRoute, mayOpen, type Area } from '#app/models/staff/roles.ts'

type Context = Readonly<RouterContextProvider>

// Called first in every admin loader and action: React Router runs matched loaders in parallel
// and a data request can choose which ones, so a parent route's check protects nothing. The
// address's area (app/models/staff/roles.ts) decides whether this staff member's role may open it.
// Nobody is signed in: a page goes to the sign-in of its area and comes back after, a call gets 401.
function signInFirst(request: Request): Response {
	if (!isPageRequest(request.method, request.headers.get('Accept')))
		return Response.json({ error: 'Log in to continue.' }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
	const url = new URL(request.url)
	return redirect(loginPathFor(url.pathname, url.search))
}

export function requireStaff(request: Request, context: Context): Staff {
	const staff = context.get(staffContext)
	if (!staff) throw signInFirst(request)
	// A translator's place is /work: their browser is sent there, a call is refused.
	if (staff.role === 'translator' && isPageRequest(request.method, request.headers.get('Accept')))
		throw redirect(WORK_PATH)
	requireArea(staff, areaOfMatchedRoute(context))
	return staff
}

// The area of the route React Router matched (never the address as spelled). An admin guard
// outside an admin route, or a request the root middleware did not see, is refused to all but admins.
function areaOfMatchedRoute(context: Context): Area {
	return areaOfRoute(context.get(routePatternContext)) ?? 'staff'
}

// Called first in every loader and action under /work: a signed-in, active translator, or the
// sign-in (pages), 401 (calls) or 403 (staff of another role, a translator made inactive).
export async function requireTranslator(request: Request, context: Context): Promise<Translator> {
	const staff = context.get(staffContext)
	if (!staff) throw signInFirst(request)
	const refused = (error: string) => Response.json({ error }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
	if (staff.role !== 'translator') throw refused('These pages are for translators.')
	const row = await translatorOnce(context, staff.id)
	if (!row.active) throw refused('Your translator account is not active.')
	return { id: row.id, userId: staff.id, name: staff.name, locale: row.locale, sessionId: staff.sessionId }
}

// The layout's loader and the page's run side by side: the translator is read once per request.
const translatorOnce = perRequest(translatorOfUser)

export type Translator = { id: number; userId: number; name: string; locale: string; sessionId: string }

// A part of the back office the address does not name by itself (what a reorder moves).
export function requireArea(staff: Staff, area: Area): Staff {
	if (mayOpen(staff.role, area)) return staff
	throw Response.json({ error: forbidden(area) }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
}

export function requireAdmin(request: Request, context: Context): Staff {
	return requireArea(requireStaff(request, context), 'staff')
}

export const forbidden = (area: Area) =>
	area === 'staff' ? 'Only administrators may do this.' : 'Your role does not give access to this.'

export function optionalStaff(context: Context): Staff | null {
	return context.get(staffContext)
}

// The loader of an admin address that only takes POST: a GET is told so, once the staff member is known.
export function staffPostOnly({ request, context }: { request: Request; context: Context }) {
	requireStaff(request, context)
	return methodNotAllowed('POST')
}
