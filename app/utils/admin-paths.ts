import { safeLocalPath } from '#app/utils/safe-redirect.ts'

// Shared by the server's gate and the route guards, so both agree on what a page request is.
export const LOGIN_PATH = '/admin/login'
// The route patterns under /admin anyone may open: the sign-in, and an invitation's page (its link
// is the key). Every other admin route's loader and action check who is asking.
export const PUBLIC_ADMIN_ROUTES: readonly string[] = ['admin/login', 'admin/invitation/:token']
export const isPublicAdminRoute = (pattern: string) => PUBLIC_ADMIN_ROUTES.includes(pattern.replace(/^\//, ''))
// Translators' own pages, with their own address for the same sign-in.
export const WORK_PATH = '/work'
export const WORK_LOGIN_PATH = '/work/login'

export function isWorkPath(pathname: string): boolean {
	return pathname === WORK_PATH || pathname.startsWith(`${WORK_PATH}/`) || pathname === `${WORK_PATH}.data`
}

// Where a role lands after signing in: translators on their own pages, staff in the admin.
export const homeOf = (role: string) => (role === 'translator' ? WORK_PATH : '/admin')

export function isAdminPath(pathname: string): boolean {
	return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/admin.data'
}

export function isLoginPath(pathname: string): boolean {
	return [LOGIN_PATH, `${LOGIN_PATH}.data`, WORK_LOGIN_PATH, `${WORK_LOGIN_PATH}.data`].includes(pathname)
}

// A page (a browser navigation, or React Router fetching a page's data) is sent to the login
// page; anything else is a call and gets a JSON 401/403.
export function isPageRequest(method: string, accept: string | null): boolean {
	if (method !== 'GET' && method !== 'HEAD') return false
	const types = accept ?? ''
	return types.includes('text/html') || types.includes('text/x-script')
}

export function loginPathFor(pathname: string, search = ''): string {
	const back =
		pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/') +
		search.replace(/([?&])_routes=[^&]*&?/, '$1').replace(/[?&]$/, '')
	const login = isWorkPath(back.split('?')[0]!) ? WORK_LOGIN_PATH : LOGIN_PATH
	return back === '/admin' || back === WORK_PATH ? login : `${login}?${new URLSearchParams({ redirectTo: back })}`
}

// Only a path inside the signed-in person's own area (the admin, or a translator's /work): an open
// redirect would hand a phishing page our login.
export function safeRedirectTo(value: unknown, role = 'admin'): string {
	const home = homeOf(role)
	const path = safeLocalPath(value, { under: home })
	return isLoginPath(new URL(path, 'http://site.invalid').pathname) ? home : path
}
