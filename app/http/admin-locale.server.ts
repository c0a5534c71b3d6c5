import { readCookie } from '#app/utils/cookies.ts'
import { LOCALES, type Locale } from '#app/utils/locales.ts'

export const ADMIN_LOCALE_COOKIE = 'tolk_admin_lang'
const ONE_YEAR_S = 365 * 24 * 60 * 60

const asLocale = (value: string | null | undefined): Locale | null =>
	LOCALES.includes(value as Locale) ? (value as Locale) : null

// Staff choose the admin's language (a cookie); until they do, the browser's preference decides.
export function resolveAdminLocale(request: Request): Locale {
	const url = new URL(request.url)
	const cookie = readCookie(request.headers.get('Cookie'), ADMIN_LOCALE_COOKIE)
	const preferred = (request.headers.get('Accept-Language') ?? '')
		.split(',')
		.map((part) => part.trim().slice(0, 2).toLowerCase())
		.find((code) => asLocale(code))
	return asLocale(url.searchParams.get('lang')) ?? asLocale(cookie) ?? asLocale(preferred) ?? 'da'
}

export function adminLocaleCookie(locale: Locale, secure: boolean): string {
	return `${ADMIN_LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function parseLocale(value: unknown): Locale | null {
	return typeof value === 'string' ? asLocale(value) : null
}
