import type { NextFunction, Request, Response } from 'express'
import type { Database } from '#database/client.ts'
import { findSessionStaff, SESSION_COOKIE, type Staff } from '#app/models/staff/session.server.ts'
import { readCookie } from '#app/utils/cookies.ts'
import { isPageRequest, isPublicAdminRoute, loginPathFor, WORK_PATH } from '#app/utils/admin-paths.ts'
import { areaOfRoute, mayOpen } from '#app/models/staff/roles.ts'
import { forbidden } from '#app/http/access.server.ts'
import type { RouteLocals } from '#server/canonical-address.ts'

export type StaffLocals = { staff: Staff | null }

// Resolves the session cookie once per request; visitors without the cookie cost no query.
export function staffSession(db: Database) {
	return async function resolveStaff(req: Request, res: Response, next: NextFunction) {
		const locals = res.locals as StaffLocals
		locals.staff = null
		const token = readCookie(req.headers.cookie, SESSION_COOKIE)
		try {
			if (token) locals.staff = await findSessionStaff(db, token)
			next()
		} catch (error) {
			next(error)
		}
	}
}

// The outer wall of /admin, by the route the address matched (server/canonical-address.ts). Every
// loader and action checks again (app/http/access.server.ts), by the route React Router matched.
export function adminGate(req: Request, res: Response, next: NextFunction) {
	const { staff, route } = res.locals as StaffLocals & RouteLocals
	const area = areaOfRoute(route?.pattern)
	if (!area) return next()
	res.set('Cache-Control', 'no-store')
	if (isPublicAdminRoute(route!.pattern)) return next()
	const isPage = isPageRequest(req.method, req.get('accept') ?? null)
	if (staff) {
		// A translator's browser is sent to their own pages; their calls are refused below.
		if (staff.role === 'translator' && isPage) return res.redirect(302, WORK_PATH)
		// Pages answer 403 through the route's own check, with the admin's error page.
		if (isPage || mayOpen(staff.role, area)) return next()
		return res.status(403).json({ error: forbidden(area) })
	}
	if (isPage) {
		const search = req.originalUrl.slice(req.path.length)
		return res.redirect(302, loginPathFor(req.path, search))
	}
	res.status(401).json({ error: 'Log in to continue.' })
}
