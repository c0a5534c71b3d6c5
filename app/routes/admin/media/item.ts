import { data, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/item'
import { requireStaff } from '#app/http/access.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { jsonError, mediaKindOf } from '#app/http/media.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { usagesOf } from '#app/models/media/library.server.ts'
import { deleteMediaItem, renameMediaItem } from '#app/models/media/requests.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'
import { readForm, readJson } from '#app/http/request-body.server.ts'
import { wantsJson } from '#app/utils/request-headers.ts'
import { notFound } from '#app/http/responses.server.ts'

const noStore = { 'Cache-Control': 'no-store' }

// GET /admin/photos/:id (and /admin/content_files/:id): where the item is used.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const id = recordIdOf(params.id)
	const usages = id ? await usagesOf(getDb(context), mediaKindOf(request), id) : null
	if (!usages) return jsonError(request, 404, 'media.error.notFound')
	return Response.json({ usages }, { headers: noStore })
}

// The one way to rename (PATCH {title}) and delete (DELETE) an item, for the editor's JSON calls
// and the library page alike; content that still uses an item keeps it (409 with the places).
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const kind = mediaKindOf(request)
	const answer = wantsJson(request) ? jsonAnswers(request) : pageAnswers(context, `/admin/${kind}`)
	const id = recordIdOf(params.id)
	if (!id) return answer.notFound()
	if (request.method === 'PATCH') {
		const result = await renameMediaItem(getServices(context), staff, kind, id, await readBody(request))
		if (!result) return answer.notFound()
		return result.ok ? answer.renamed(id, result.title) : answer.notRenamed(id, result.error)
	}
	if (request.method === 'DELETE') {
		const result = await deleteMediaItem(getServices(context), staff, kind, id)
		if (!result) return answer.notFound()
		return result.ok ? answer.deleted(result.title) : answer.notDeleted(result.error, result.usages)
	}
	return jsonError(request, 405, 'media.error.method')
}

// The editor's calls: JSON with the message in the staff member's language.
const jsonAnswers = (request: Request) => ({
	notFound: () => jsonError(request, 404, 'media.error.notFound'),
	renamed: (id: number, title: string) => Response.json({ id, title }, { headers: noStore }),
	notRenamed: (_id: number, error: AdminMessageKey) => jsonError(request, 422, error),
	deleted: () => new Response(null, { status: 204 }),
	notDeleted: (error: AdminMessageKey, usages: unknown[]) => jsonError(request, 409, error, { usages }),
})

// The library page: back to the list with a flash message, or the reason beside the item.
const pageAnswers = (context: Readonly<RouterContextProvider>, back: string) => {
	const withFlash = async (key: 'media.flash.renamed' | 'media.flash.deleted', name: string) =>
		redirectWithFlash(context, back, { kind: 'success', key, vars: { name } })
	return {
		notFound: () => {
			throw notFound()
		},
		renamed: (_id: number, title: string) => withFlash('media.flash.renamed', title),
		notRenamed: (id: number, error: AdminMessageKey) => data({ errors: { title: error }, id }, { status: 422 }),
		deleted: (title: string) => withFlash('media.flash.deleted', title),
		notDeleted: (error: AdminMessageKey, usages: unknown[]) =>
			data({ errors: { _form: error }, usages }, { status: 409 }),
	}
}

// JSON ({title} or {photo: {title}}, as Rails would nest it) or a plain form.
async function readBody(request: Request): Promise<unknown> {
	if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
		const body = (await readJson(request)) as Record<string, unknown> | null
		return (body?.photo ?? body?.content_file ?? body) as unknown
	}
	return Object.fromEntries(await readForm(request))
}
