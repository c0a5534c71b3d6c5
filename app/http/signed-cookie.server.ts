import { createCookie, type RouterContextProvider } from 'react-router'
import { servicesContext } from '#app/http/context.server.ts'

// A cookie of the site's own, signed with the secret key: HttpOnly, SameSite=Lax, Secure behind HTTPS.
export function signedCookie(
	context: Readonly<RouterContextProvider>,
	name: string,
	{ path, maxAge }: { path: string; maxAge?: number },
) {
	const { secretKey, secureCookies } = context.get(servicesContext)
	return createCookie(name, {
		httpOnly: true,
		sameSite: 'lax',
		secure: secureCookies,
		path,
		...(maxAge === undefined ? {} : { maxAge }),
		secrets: [secretKey],
	})
}
