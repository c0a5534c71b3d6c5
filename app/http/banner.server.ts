import { createCookie, type RouterContextProvider } from 'react-router'
import { servicesContext } from '#app/http/context.server.ts'

const ONE_YEAR_S = 365 * 24 * 60 * 60

function bannerCookie(context: Readonly<RouterContextProvider>) {
	const { secretKey, secureCookies } = context.get(servicesContext)
	return createCookie('tolk_banner', {
		httpOnly: true,
		sameSite: 'lax',
		secure: secureCookies,
		path: '/',
		maxAge: ONE_YEAR_S,
		secrets: [secretKey],
	})
}

export async function isBannerDismissed(request: Request, context: Readonly<RouterContextProvider>): Promise<boolean> {
	return (await bannerCookie(context).parse(request.headers.get('Cookie'))) === 'dismissed'
}

export function dismissBannerCookie(context: Readonly<RouterContextProvider>): Promise<string> {
	return bannerCookie(context).serialize('dismissed')
}
