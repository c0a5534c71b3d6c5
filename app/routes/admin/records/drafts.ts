import { z } from 'zod'
import type { Route } from './+types/drafts'
import { discardDraft, saveDraft } from '#app/models/drafts.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { readJson } from '#app/http/request-body.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'

// Only the admin's own forms have drafts; a field is at most what a long page body could be.
const FormPath = z.string().regex(/^\/admin\/[\w/-]{1,200}$/)
const DraftSchema = z.object({
	path: FormPath,
	entries: z.array(z.tuple([z.string().max(100), z.string().max(500_000)])).max(200),
})

// Only PUT, DELETE; a GET is told so, once the staff member is known.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	return methodNotAllowed('PUT, DELETE')
}

// PUT /admin/drafts {path, entries}: the editor's autosave (every 10 s when the setting is on).
// DELETE /admin/drafts {path}: the draft is thrown away.
export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const db = getDb(context)
	const body = (await readJson(request)) as unknown
	if (request.method === 'PUT') {
		const parsed = DraftSchema.safeParse(body)
		if (!parsed.success) return Response.json({ error: 'Invalid draft' }, { status: 422 })
		// Passwords never wait in a draft.
		const entries = parsed.data.entries.filter(([name]) => !/password|authenticity_token/i.test(name))
		const savedAt = await saveDraft(db, staff.id, parsed.data.path, entries)
		return Response.json({ savedAt: savedAt.toISOString() }, { headers: { 'Cache-Control': 'no-store' } })
	}
	if (request.method === 'DELETE') {
		const parsed = z.object({ path: FormPath }).safeParse(body)
		if (!parsed.success) return Response.json({ error: 'Invalid path' }, { status: 422 })
		await discardDraft(db, staff.id, parsed.data.path)
		return new Response(null, { status: 204 })
	}
	return methodNotAllowed('PUT, DELETE')
}
