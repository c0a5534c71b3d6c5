import type { RouterContextProvider } from 'react-router'
import { signedCookie } from '#app/http/signed-cookie.server.ts'

const ONE_YEAR_S = 365 * 24 * 60 * 60

function bannerCookie(context: Readonly<RouterContextProvider>) {
	return signedCookie(context, 'tolk_banner', { path: '/', maxAge: ONE_YEAR_S })
}

export async function isBannerDismissed(request: Request, context: Readonly<RouterContextProvider>): Promise<boolean> {
	return (await bannerCookie(context).parse(request.headers.get('Cookie'))) === 'dismissed'
}

export function dismissBannerCookie(context: Readonly<RouterContextProvider>): Promise<string> {
	return bannerCookie(context).serialize('dismissed')
}
