import { redirect, type RouterContextProvider } from 'react-router'
import { methodNotAllowed } from '#app/utils/methods.server.ts'
import { staffContext } from '#app/utils/context.server.ts'
import { isPageRequest, loginPathFor } from '#app/utils/admin-paths.ts'
import type { Staff } from '#app/models/staff/session.server.ts'

type Context = Readonly<RouterContextProvider>

// Called first in every admin loader and action: React Router runs matched loaders in parallel
// and a data request can choose which ones, so a parent route's check protects nothing.
export function requireStaff(request: Request, context: Context): Staff {
	const staff = context.get(staffContext)
	if (staff) return staff
	if (isPageRequest(request.method, request.headers.get('Accept'))) {
		const url = new URL(request.url)
		throw redirect(loginPathFor(url.pathname, url.search))
	}
	throw Response.json({ error: 'Log in to continue.' }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
}

export function requireAdmin(request: Request, context: Context): Staff {
	const staff = requireStaff(request, context)
	if (staff.role === 'admin') return staff
	throw Response.json({ error: 'Only administrators may do this.' }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
}

export function optionalStaff(context: Context): Staff | null {
	return context.get(staffContext)
}

// The loader of an admin address that only takes POST: a GET is told so, once the staff member is known.
export function staffPostOnly({ request, context }: { request: Request; context: Context }) {
	requireStaff(request, context)
	return methodNotAllowed('POST')
}
