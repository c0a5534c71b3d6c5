import type { UploadRefusal } from '#app/models/documents/upload.server.ts'
import type { MessageKey } from '#app/utils/translate.ts'

type Reason = UploadRefusal['reason']

// Why an upload was refused, as every page says it: the message beside the file (with the script),
// the notice on the order page (without), and the HTTP status of the refusal.
export const UPLOAD_REFUSALS = {
	'too-big': { message: 'upload.tooBig', notice: 'upload.refused.too-big', status: 413 },
	type: { message: 'upload.wrongType', notice: 'upload.refused.type', status: 415 },
	content: { message: 'upload.wrongContent', notice: 'upload.refused.content', status: 422 },
	missing: { message: 'upload.missing', notice: 'upload.refused.missing', status: 422 },
	bomb: { message: 'upload.bomb', notice: 'upload.refused.bomb', status: 422 },
	quota: { message: 'upload.tooMany', notice: 'upload.refused.quota', status: 429 },
	malformed: { message: 'upload.malformed', notice: 'upload.refused.malformed', status: 400 },
} as const satisfies Record<Reason, { message: MessageKey; notice: MessageKey; status: number }>

export const uploadRefusalOf = (value: string | null): Reason | null =>
	value && Object.hasOwn(UPLOAD_REFUSALS, value) ? (value as Reason) : null
