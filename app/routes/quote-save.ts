import { data, redirect } from 'react-router'
import type { Route } from './+types/quote-save'
import { readDraftId } from '#app/models/documents/draft.server.ts'
import { QuoteChoicesSchema, QuoteRefused, saveQuote } from '#app/models/quote.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'

// POST /bestil/tilbud (and /en/order/quote): keeps the quote for the visitor's documents and
// choices, and sends them to its own page.
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return data({ error: 'Use POST' }, { status: 405 })
	const locale = localeFromPath(new URL(request.url).pathname)
	const choices = QuoteChoicesSchema.parse(Object.fromEntries(await request.formData()))
	try {
		const id = await saveQuote(getDb(context), await readDraftId(request, context), choices, locale)
		return redirect(pathFor('quote', locale, { id }))
	} catch (error) {
		if (!(error instanceof QuoteRefused)) throw error
		return redirect(`${pathFor('order', locale)}?quote_error=${error.reason}`)
	}
}
