import type { Route } from './+types/media-item'
import { usagesOf } from '#app/models/media/library.server.ts'
import { deleteMediaItem, renameMediaItem } from '#app/models/media/requests.server.ts'
import { jsonError, mediaKindOf } from '#app/http/media.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb, getServices } from '#app/utils/context.server.ts'
import { readForm, readJson } from '#app/utils/request-body.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'

const noStore = { 'Cache-Control': 'no-store' }

// GET /admin/photos/:id (and /admin/content_files/:id): where the item is used.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const id = recordIdOf(params.id)
	const usages = id ? await usagesOf(getDb(context), mediaKindOf(request), id) : null
	if (!usages) return jsonError(request, 404, 'media.error.notFound')
	return Response.json({ usages }, { headers: noStore })
}

// PATCH {title} renames; DELETE deletes unless content still uses it (409 with the places).
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const kind = mediaKindOf(request)
	const id = recordIdOf(params.id)
	if (!id) return jsonError(request, 404, 'media.error.notFound')
	if (request.method === 'PATCH') {
		const body = await readBody(request)
		const result = await renameMediaItem(getServices(context), staff, kind, id, body)
		if (!result) return jsonError(request, 404, 'media.error.notFound')
		if (!result.ok) return jsonError(request, 422, result.error)
		return Response.json({ id, title: result.title }, { headers: noStore })
	}
	if (request.method === 'DELETE') {
		const result = await deleteMediaItem(getServices(context), staff, kind, id)
		if (!result) return jsonError(request, 404, 'media.error.notFound')
		if (!result.ok) return jsonError(request, 409, result.error, { usages: result.usages })
		return new Response(null, { status: 204 })
	}
	return jsonError(request, 405, 'media.error.method')
}

// JSON ({title} or {photo: {title}}, as Rails would nest it) or a plain form.
async function readBody(request: Request): Promise<unknown> {
	if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
		const body = (await readJson(request)) as Record<string, unknown> | null
		return (body?.photo ?? body?.content_file ?? body) as unknown
	}
	return Object.fromEntries(await readForm(request))
}
