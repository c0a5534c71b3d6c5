import { redirect, type RouterContextProvider } from 'react-router'
import { signedCookie } from '#app/http/signed-cookie.server.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'

export type Flash = { kind: 'success' | 'error'; key: AdminMessageKey; vars?: Record<string, string> }

function flashCookie(context: Readonly<RouterContextProvider>) {
	return signedCookie(context, 'tolk_flash', { path: '/admin' })
}

// Set before a redirect, shown once by the admin layout on the page that follows.
function flashHeader(context: Readonly<RouterContextProvider>, flash: Flash): Promise<string> {
	return flashCookie(context).serialize(flash, { maxAge: 60 })
}

// A redirect that shows the flash on the page it leads to.
export async function redirectWithFlash(context: Readonly<RouterContextProvider>, to: string, flash: Flash) {
	return redirect(to, { headers: { 'Set-Cookie': await flashHeader(context, flash) } })
}

export async function takeFlash(request: Request, context: Readonly<RouterContextProvider>) {
	const cookie = flashCookie(context)
	const flash = ((await cookie.parse(request.headers.get('Cookie'))) as Flash | null) ?? null
	return { flash, clearHeader: flash ? await cookie.serialize('', { maxAge: 0 }) : null }
}
