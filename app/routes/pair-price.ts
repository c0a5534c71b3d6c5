import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/pair-price'
import { quotePair, UnknownLanguageError } from '#app/models/price/price.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { translate } from '#app/utils/translate.ts'
import { localeFromPath } from '#app/utils/locales.ts'
import { readForm, readJson } from '#app/http/request-body.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

const PairSchema = z.object({
	from_language: z.string().trim().min(1).max(12),
	to_language: z.string().trim().min(1).max(12),
})

// Only POST; a GET is told so.
export const loader = () => methodNotAllowed('POST')

// POST /priser/sprogpar (and /en/prices/pair) {from_language, to_language}: the pair's price.
// Refusals carry a message in the page's language.
export async function action({ request, context }: Route.ActionArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const db = getDb(context)
	const refuse = async (key: 'priceCheck.unknown' | 'priceCheck.same') =>
		data({ error: translate(await loadMessages(db, locale), key) }, { status: 422 })
	const body = request.headers.get('Content-Type')?.startsWith('application/json')
		? await readJson(request)
		: Object.fromEntries(await readForm(request))
	const parsed = PairSchema.safeParse(body)
	if (!parsed.success) return refuse('priceCheck.unknown')
	if (parsed.data.from_language === parsed.data.to_language) return refuse('priceCheck.same')
	try {
		return await quotePair(db, parsed.data.from_language, parsed.data.to_language, locale)
	} catch (error) {
		if (error instanceof UnknownLanguageError) return refuse('priceCheck.unknown')
		throw error
	}
}
