import { ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE } from '#app/models/staff/session.server.ts'
import { readCookie } from '#app/utils/cookies.ts'

// The staff session's cookie: the token only, the session itself lives in the database.
export function sessionCookieHeader(token: string, secure: boolean): string {
	return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${ABSOLUTE_TIMEOUT_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function clearedSessionCookieHeader(secure: boolean): string {
	return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function sessionTokenOf(request: Request): string | null {
	return readCookie(request.headers.get('Cookie'), SESSION_COOKIE) ?? null
}
