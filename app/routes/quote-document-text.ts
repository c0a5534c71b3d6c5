import type { Route } from './+types/quote-document-text'
import { quoteDocumentText } from '#app/models/quote/counted-text.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { textDownload } from '#app/http/download.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /quotes/:id/documents/:documentId/text: the whole text a document of the quote was counted
// from, as a .txt download in the language asked for (else the quote's own); the quote's link is
// the key, as for its PDF.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const found = await quoteDocumentText(
		getDb(context),
		getServices(context),
		params.id,
		params.documentId,
		new URL(request.url).searchParams.get('lang'),
	)
	if (!found) throw notFound()
	return textDownload(found.text, found.name)
}
