import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import type { AppServices } from '#app/models/services.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'
import type { MediaKind } from '#app/models/media/kinds.ts'
import type { UploadedFile } from '#app/models/uploaded-file.ts'
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
} from '#app/models/media/library.server.ts'

type MediaServices = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'uploadsDir' | 'mediaDir' | 'files'>

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

export type UploadResult =
	| { ok: true; item: Awaited<ReturnType<typeof storePhoto>> | Awaited<ReturnType<typeof storeContentFile>> }
	| { ok: false; error: AdminMessageKey; vars?: Record<string, string>; status?: number }

export const maxMediaBytes = (kind: MediaKind) => (kind === 'photos' ? MAX_PHOTO_BYTES : MAX_CONTENT_FILE_BYTES)
export const tooBigRefusal = (kind: MediaKind) => ({
	ok: false as const,
	error: REFUSAL_MESSAGES['too-big'],
	vars: { limit: String(maxMediaBytes(kind) / 1024 / 1024) },
})
export const malformedRefusal = { ok: false as const, error: 'media.error.malformed' as const, status: 400 }

// One uploaded file (the form's `file`) and an optional title, for the editor and the library page.
export async function addMedia(
	services: MediaServices,
	staff: Staff,
	kind: MediaKind,
	{ file, title }: { file: UploadedFile | undefined; title: string | undefined },
): Promise<UploadResult> {
	try {
		const dirs = { uploadsDir: services.uploadsDir, mediaDir: services.mediaDir, files: services.files }
		const item =
			kind === 'photos'
				? await storePhoto(services.db, dirs, file, title)
				: await storeContentFile(services.db, dirs, file, title)
		await recordAudit(services, staff, { action: 'create', subjectType: kind, subjectId: item.id, summary: item.title })
		return { ok: true, item }
	} catch (error) {
		if (error instanceof MediaRefused)
			return error.reason === 'too-big' ? tooBigRefusal(kind) : { ok: false, error: REFUSAL_MESSAGES[error.reason] }
		throw error
	}
}

export type RenameResult = { ok: true; title: string } | { ok: false; error: AdminMessageKey } | null

export async function renameMediaItem(
	services: MediaServices,
	staff: Staff,
	kind: MediaKind,
	id: number,
	input: unknown,
): Promise<RenameResult> {
	const parsed = TitleSchema.safeParse(input)
	if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message as AdminMessageKey }
	if (!(await renameMedia(services.db, kind, id, parsed.data.title))) return null
	await recordAudit(services, staff, { action: 'update', subjectType: kind, subjectId: id, summary: parsed.data.title })
	return { ok: true, title: parsed.data.title }
}

export type DeleteResult = { ok: true; title: string } | { ok: false; error: AdminMessageKey; usages: Usage[] } | null

export async function deleteMediaItem(
	services: MediaServices,
	staff: Staff,
	kind: MediaKind,
	id: number,
): Promise<DeleteResult> {
	try {
		const deleted = await deleteMedia(
			services.db,
			{ uploadsDir: services.uploadsDir, mediaDir: services.mediaDir, files: services.files },
			kind,
			id,
		)
		if (!deleted) return null
		await recordAudit(services, staff, { action: 'delete', subjectType: kind, subjectId: id, summary: deleted.title })
		return { ok: true, title: deleted.title }
	} catch (error) {
		if (error instanceof MediaInUse) return { ok: false, error: 'media.error.inUse', usages: error.usages }
		throw error
	}
}
