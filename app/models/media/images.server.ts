import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import type { UploadedFile } from '#app/models/uploaded-file.ts'
import type { FileStore } from '#app/models/files/store.server.ts'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const PUBLIC_UPLOADS_PATH = '/uploads'

// Judged by the file's first bytes, never by its name or the browser's word. SVG is refused:
// it can carry script.
const SIGNATURES: { extension: string; matches: (head: Buffer) => boolean }[] = [
	{
		extension: 'png',
		matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
	},
	{ extension: 'jpg', matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
	{ extension: 'gif', matches: (head) => ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')) },
	{
		extension: 'webp',
		matches: (head) =>
			head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
	},
]

export async function detectImageType(filePath: string): Promise<string | null> {
	const handle = await open(filePath, 'r')
	try {
		const head = Buffer.alloc(16)
		await handle.read(head, 0, 16, 0)
		return SIGNATURES.find((signature) => signature.matches(head))?.extension ?? null
	} finally {
		await handle.close()
	}
}

export class NotAnImageError extends Error {}

// Keeps an uploaded image under DATA_DIR/uploads/images with a name of our own and returns its URL.
export async function storeImage(file: UploadedFile, uploadsDir: string, store: FileStore): Promise<string> {
	if (file.size === 0 || file.size > MAX_IMAGE_BYTES) throw new NotAnImageError(file.filename)
	const extension = await detectImageType(file.path)
	if (!extension) throw new NotAnImageError(file.filename)
	const name = `${randomUUID()}.${extension}`
	await mkdir(path.join(uploadsDir, 'images'), { recursive: true })
	await copyFile(file.path, path.join(uploadsDir, 'images', name))
	await store.publish(path.join(uploadsDir, 'images', name))
	return `${PUBLIC_UPLOADS_PATH}/images/${name}`
}
