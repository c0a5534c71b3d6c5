import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { withoutNul } from '#app/http/request-body.server.ts'
import { cleanFileName } from '#app/models/text/clean.ts'
import type { UploadedFile } from '#app/models/uploaded-file.ts'

export type { UploadedFile }

export type MultipartForm = { fields: URLSearchParams; files: UploadedFile[]; cleanup: () => Promise<void> }

type Limits = { maxFileBytes: number; maxFiles: number }

export class UploadTooLargeError extends Error {}
// A body that is not a readable multipart form: no boundary, cut off, or not multipart at all.
export class MalformedUploadError extends Error {}

// Streams file parts to a private temp directory (never into memory) and stops at the limits.
export async function parseMultipart(request: Request, limits: Limits): Promise<MultipartForm> {
	const directory = await mkdtemp(path.join(tmpdir(), 'tolk-upload-'))
	const cleanup = () => rm(directory, { recursive: true, force: true })
	const fields = new URLSearchParams()
	const files: UploadedFile[] = []
	const writes: Promise<void>[] = []
	try {
		await new Promise<void>((resolve, reject) => {
			const malformed = () => reject(new MalformedUploadError())
			let parser: busboy.Busboy
			try {
				parser = busboy({
					headers: Object.fromEntries(request.headers),
					// Browsers send file names in UTF-8; busboy reads them as Latin-1 unless told.
					defParamCharset: 'utf8',
					limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 200, fieldSize: 1024 * 1024 },
				})
			} catch {
				return malformed()
			}
			parser.on('field', (name, value) => fields.append(withoutNul(name), withoutNul(value)))
			parser.on('file', (field, stream, info) => {
				if (!info.filename) return void stream.resume()
				const file = {
					field,
					filename: cleanFileName(info.filename),
					path: path.join(directory, String(files.length)),
					size: 0,
				}
				files.push(file)
				stream.on('data', (chunk: Buffer) => (file.size += chunk.length))
				stream.on('limit', () => reject(new UploadTooLargeError(file.filename)))
				const write = pipeline(stream, createWriteStream(file.path))
				// Handled here at once: a body cut off fails the write before the form is refused.
				write.catch(() => {})
				writes.push(write)
			})
			parser.on('filesLimit', () => reject(new UploadTooLargeError('too many files')))
			parser.on('error', malformed)
			parser.on('close', resolve)
			if (!request.body) return malformed()
			Readable.fromWeb(request.body as NodeReadableStream)
				.on('error', reject)
				.pipe(parser)
		})
		await Promise.all(writes)
		return { fields, files, cleanup }
	} catch (error) {
		await Promise.allSettled(writes)
		await cleanup()
		throw error
	}
}

// A request's body for a model that streams it: the type with its boundary, the declared length.
export function multipartSource(request: Request) {
	return {
		contentType: request.headers.get('Content-Type') ?? '',
		declaredBytes: Number(request.headers.get('Content-Length') ?? 0),
		body: request.body,
	}
}
