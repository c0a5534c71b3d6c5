import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/businesses'
import { findCompanies, MIN_QUERY_LENGTH } from '#app/models/company/search.server.ts'
import { getDb } from '#app/utils/context.server.ts'

const QuerySchema = z.object({ query: z.string().max(100).catch('') })

// GET /businesses?query=…: the business picker's search over the company registry. Fewer than
// three characters answer an empty list without asking the database.
export async function loader({ request, context }: Route.LoaderArgs) {
	const { query } = QuerySchema.parse({ query: new URL(request.url).searchParams.get('query') ?? '' })
	const businesses = query.trim().length < MIN_QUERY_LENGTH ? [] : await findCompanies(getDb(context), query)
	// Private: the list may hold marketing-protected companies, shown to this visitor only.
	return data({ businesses }, { headers: { 'Cache-Control': 'private, max-age=300' } })
}
