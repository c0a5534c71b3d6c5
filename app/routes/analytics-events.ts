import { data } from 'react-router'
import type { Route } from './+types/analytics-events'
import { EventSchema, recordEvent } from '#app/models/analytics.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { readJson } from '#app/http/request-body.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

// Only POST; a GET is told so.
export const loader = () => methodNotAllowed('POST')

// POST /analytics/events {name, properties, path, locale}: first-party analytics. Nothing about
// the visitor is read or kept: no cookie, no address, no user agent.
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return methodNotAllowed('POST')
	const parsed = EventSchema.safeParse(await readJson(request))
	if (!parsed.success) return data({ error: 'Send {name, properties, path, locale}.' }, { status: 422 })
	await recordEvent(getDb(context), parsed.data)
	return new Response(null, { status: 204 })
}
