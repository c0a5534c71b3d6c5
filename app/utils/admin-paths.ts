import { safeLocalPath } from '#app/utils/safe-redirect.ts'

// Shared by the server's gate and the route guards, so both agree on what a page request is.
export const LOGIN_PATH = '/admin/login'

export function isAdminPath(pathname: string): boolean {
	return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/admin.data'
}

export function isLoginPath(pathname: string): boolean {
	return pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}.data`
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
	return back === '/admin' ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: back })}`
}

// Only a path inside the admin area: an open redirect would hand a phishing page our login.
export function safeRedirectTo(value: unknown): string {
	const path = safeLocalPath(value, { under: '/admin' })
	return isLoginPath(new URL(path, 'http://site.invalid').pathname) ? '/admin' : path
}
