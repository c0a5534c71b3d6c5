import type { NextFunction, Request, Response } from 'express'
import type { Database } from '#database/client.ts'
import { findSessionStaff, SESSION_COOKIE, type Staff } from '#app/models/staff/session.server.ts'
import { readCookie } from '#app/utils/cookies.ts'
import { isAdminPath, isLoginPath, isPageRequest, loginPathFor, WORK_PATH } from '#app/utils/admin-paths.ts'
import { areaOfPath, mayOpen } from '#app/models/staff/roles.ts'
import { forbidden } from '#app/http/access.server.ts'

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

// The outer wall of /admin. Every loader and action checks again (app/http/access.server.ts).
export function adminGate(req: Request, res: Response, next: NextFunction) {
	if (!isAdminPath(req.path) || isLoginPath(req.path)) return next()
	const { staff } = res.locals as StaffLocals
	const isPage = isPageRequest(req.method, req.get('accept') ?? null)
	res.set('Cache-Control', 'no-store')
	if (staff) {
		// A translator's browser is sent to their own pages; their calls are refused below.
		if (staff.role === 'translator' && isPage) return res.redirect(302, WORK_PATH)
		// Pages answer 403 through the route's own check, with the admin's error page.
		const area = areaOfPath(req.path)
		if (isPage || !area || mayOpen(staff.role, area)) return next()
		return res.status(403).json({ error: forbidden(area) })
	}
	if (isPage) {
		const search = req.originalUrl.slice(req.path.length)
		return res.redirect(302, loginPathFor(req.path, search))
	}
	res.status(401).json({ error: 'Log in to continue.' })
}
