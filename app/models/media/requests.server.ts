import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { recordAudit } from '#app/models/admin/audit.server.ts'
import { ADMIN_MESSAGES } from '#app/models/translation.server.ts'
import { resolveAdminLocale } from '#app/models/staff/locale.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { getDb, servicesContext } from '#app/utils/context.server.ts'
import { translate, type AdminMessageKey } from '#app/utils/i18n.ts'
import type { MediaKind } from '#app/utils/media.ts'
import { parseMultipart, UploadTooLargeError } from '#app/utils/multipart.server.ts'
import {
	deleteMedia,
	listContentFiles,
	listPhotos,
	MAX_CONTENT_FILE_BYTES,
	MAX_PHOTO_BYTES,
	MediaInUse,
	MediaRefused,
	renameMedia,
	storeContentFile,
	storePhoto,
	type MediaRefusal,
	type Usage,
} from './library.server.ts'

type Context = Readonly<RouterContextProvider>

const TitleSchema = z.object({ title: z.string().trim().min(1, 'media.titleRequired').max(200, 'media.titleTooLong') })

const REFUSAL_MESSAGES: Record<MediaRefusal, AdminMessageKey> = {
	missing: 'media.error.missing',
	'too-big': 'media.error.tooBig',
	'not-an-image': 'media.error.notAnImage',
	type: 'media.error.type',
	content: 'media.error.content',
	bomb: 'media.error.bomb',
}

export const listMedia = (db: Database, kind: MediaKind) => (kind === 'photos' ? listPhotos(db) : listContentFiles(db))

export type UploadResult = { ok: true; item: Awaited<ReturnType<typeof storePhoto>> | Awaited<ReturnType<typeof storeContentFile>> } | { ok: false; error: AdminMessageKey; vars?: Record<string, string> }

// One multipart upload, field `file` and an optional `title`, for the editor and the library page.
export async function uploadMedia(request: Request, context: Context, staff: Staff, kind: MediaKind): Promise<UploadResult> {
	const services = context.get(servicesContext)
	const maxFileBytes = kind === 'photos' ? MAX_PHOTO_BYTES : MAX_CONTENT_FILE_BYTES
	const tooBig = { ok: false as const, error: REFUSAL_MESSAGES['too-big'], vars: { limit: String(maxFileBytes / 1024 / 1024) } }
	if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) return { ok: false, error: REFUSAL_MESSAGES.missing }
	if (Number(request.headers.get('Content-Length') ?? 0) > maxFileBytes + 64 * 1024) return tooBig
	let form
	try {
		form = await parseMultipart(request, { maxFileBytes, maxFiles: 1 })
	} catch (error) {
		if (error instanceof UploadTooLargeError) return tooBig
		throw error
	}
	try {
		const file = form.files.find((candidate) => candidate.field === 'file')
		const title = form.fields.get('title')
		const dirs = { uploadsDir: services.uploadsDir, mediaDir: services.mediaDir }
		const item = kind === 'photos' ? await storePhoto(services.db, dirs, file, title) : await storeContentFile(services.db, dirs, file, title)
		await recordAudit(context, staff, { action: 'create', subjectType: kind, subjectId: item.id, summary: item.title })
		return { ok: true, item }
	} catch (error) {
		if (error instanceof MediaRefused) return error.reason === 'too-big' ? tooBig : { ok: false, error: REFUSAL_MESSAGES[error.reason] }
		throw error
	} finally {
		await form.cleanup()
	}
}

export type RenameResult = { ok: true; title: string } | { ok: false; error: AdminMessageKey } | null

export async function renameMediaItem(context: Context, staff: Staff, kind: MediaKind, id: number, input: unknown): Promise<RenameResult> {
	const parsed = TitleSchema.safeParse(input)
	if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message as AdminMessageKey }
	if (!(await renameMedia(getDb(context), kind, id, parsed.data.title))) return null
	await recordAudit(context, staff, { action: 'update', subjectType: kind, subjectId: id, summary: parsed.data.title })
	return { ok: true, title: parsed.data.title }
}

export type DeleteResult = { ok: true; title: string } | { ok: false; error: AdminMessageKey; usages: Usage[] } | null

export async function deleteMediaItem(context: Context, staff: Staff, kind: MediaKind, id: number): Promise<DeleteResult> {
	const services = context.get(servicesContext)
	try {
		const deleted = await deleteMedia(services.db, { uploadsDir: services.uploadsDir, mediaDir: services.mediaDir }, kind, id)
		if (!deleted) return null
		await recordAudit(context, staff, { action: 'delete', subjectType: kind, subjectId: id, summary: deleted.title })
		return { ok: true, title: deleted.title }
	} catch (error) {
		if (error instanceof MediaInUse) return { ok: false, error: 'media.error.inUse', usages: error.usages }
		throw error
	}
}

// JSON answers carry the message in the staff member's language, ready to show.
export function jsonError(request: Request, status: number, key: AdminMessageKey, extra: Record<string, unknown> = {}, vars: Record<string, string> = {}) {
	const message = translate(ADMIN_MESSAGES[resolveAdminLocale(request)], key, vars)
	return Response.json({ error: message, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } })
}

export const mediaKindOf = (request: Request): MediaKind => (new URL(request.url).pathname.startsWith('/admin/photos') ? 'photos' : 'content_files')

