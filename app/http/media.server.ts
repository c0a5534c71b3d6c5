import type { RouterContextProvider } from 'react-router'
import type { MediaKind } from '#app/models/media/kinds.ts'
import {
	addMedia,
	malformedRefusal,
	maxMediaBytes,
	tooBigRefusal,
	type UploadResult,
} from '#app/models/media/requests.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { ADMIN_MESSAGES } from '#app/models/translation.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { translate, type AdminMessageKey } from '#app/utils/translate.ts'
import { MalformedUploadError, parseMultipart, UploadTooLargeError } from '#app/http/multipart.server.ts'

// One multipart upload, field `file` and an optional `title`, streamed to disk under the kind's limit.
export async function uploadMedia(
	request: Request,
	context: Readonly<RouterContextProvider>,
	staff: Staff,
	kind: MediaKind,
): Promise<UploadResult> {
	const maxFileBytes = maxMediaBytes(kind)
	if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/')) return malformedRefusal
	if (Number(request.headers.get('Content-Length') ?? 0) > maxFileBytes + 64 * 1024) return tooBigRefusal(kind)
	let form
	try {
		form = await parseMultipart(request, { maxFileBytes, maxFiles: 1 })
	} catch (error) {
		if (error instanceof UploadTooLargeError) return tooBigRefusal(kind)
		if (error instanceof MalformedUploadError) return malformedRefusal
		throw error
	}
	try {
		const file = form.files.find((candidate) => candidate.field === 'file')
		return await addMedia(getServices(context), staff, kind, { file, title: form.fields.get('title') ?? undefined })
	} finally {
		await form.cleanup()
	}
}

// JSON answers carry the message in the staff member's language, ready to show.
export function jsonError(
	request: Request,
	status: number,
	key: AdminMessageKey,
	extra: Record<string, unknown> = {},
	vars: Record<string, string> = {},
) {
	const message = translate(ADMIN_MESSAGES[resolveAdminLocale(request)], key, vars)
	return Response.json({ error: message, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } })
}

export const mediaKindOf = (request: Request): MediaKind =>
	new URL(request.url).pathname.startsWith('/admin/photos') ? 'photos' : 'content_files'
