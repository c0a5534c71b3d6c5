import type { Route } from './+types/quote-pdf'
import { quoteNumber, renderQuotePdf } from '#app/models/quote/pdf.server.ts'
import { findQuote } from '#app/models/quote/quote.server.ts'
import { quoteParties } from '#app/models/quote/document.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { LOCALES, type Locale } from '#app/utils/locales.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /quotes/:id/pdf: the saved quote as a PDF, in the language asked for (else the quote's own).
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const db = getDb(context)
	const quote = await findQuote(db, params.id)
	if (!quote) throw notFound()
	const asked = new URL(request.url).searchParams.get('lang')
	const locale = (LOCALES.includes(asked as Locale) ? asked : quote.locale) as Locale
	const parties = await quoteParties(db, quote.id, locale, getServices(context).publicUrl)
	const pdf = await renderQuotePdf(quote, locale, await loadMessages(db, locale), parties)
	return new Response(Buffer.from(pdf), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="tolk-${locale === 'da' ? 'tilbud' : 'quote'}-${quoteNumber(quote.id)}.pdf"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}
