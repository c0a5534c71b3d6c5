import { data, redirect } from 'react-router'
import type { Route } from './+types/language'
import { requireTranslator } from '#app/http/access.server.ts'
import { adminLocaleCookie, parseLocale } from '#app/http/admin-locale.server.ts'
import { safeRedirectTo } from '#app/utils/admin-paths.ts'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'
import { setTranslatorLocale } from '#app/models/vendor/translators.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireTranslator(request, context)
	return methodNotAllowed('POST')
}

// POST /work/language: the translator's language, for their pages (a cookie) and their mails (kept).
export async function action({ request, context }: Route.ActionArgs) {
	const me = await requireTranslator(request, context)
	const form = await readForm(request)
	const locale = parseLocale(form.get('locale'))
	if (!locale) return data({ error: 'Unknown language' }, { status: 422 })
	const services = getServices(context)
	await setTranslatorLocale(services.db, me.userId, locale)
	const headers = { 'Set-Cookie': adminLocaleCookie(locale, services.secureCookies) }
	return redirect(safeRedirectTo(form.get('redirectTo'), 'translator'), { headers })
}
