import { redirect, type RouterContextProvider } from 'react-router'
import { signedCookie } from '#app/http/signed-cookie.server.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'

export type Flash = { kind: 'success' | 'error'; key: AdminMessageKey; vars?: Record<string, string | number> }

// The cookie lives under the area it is shown in: the admin's, or a translator's /work.
const areaOf = (pathname: string) => (pathname === '/work' || pathname.startsWith('/work/') ? '/work' : '/admin')

function flashCookie(context: Readonly<RouterContextProvider>, pathname: string) {
	return signedCookie(context, 'tolk_flash', { path: areaOf(pathname) })
}

// Set before a redirect, shown once by the area's layout on the page that follows.
function flashHeader(context: Readonly<RouterContextProvider>, to: string, flash: Flash): Promise<string> {
	return flashCookie(context, to).serialize(flash, { maxAge: 60 })
}

// A redirect that shows the flash on the page it leads to.
export async function redirectWithFlash(context: Readonly<RouterContextProvider>, to: string, flash: Flash) {
	return redirect(to, { headers: { 'Set-Cookie': await flashHeader(context, to, flash) } })
}

export async function takeFlash(request: Request, context: Readonly<RouterContextProvider>) {
	const cookie = flashCookie(context, new URL(request.url).pathname)
	const flash = ((await cookie.parse(request.headers.get('Cookie'))) as Flash | null) ?? null
	return { flash, clearHeader: flash ? await cookie.serialize('', { maxAge: 0 }) : null }
}
