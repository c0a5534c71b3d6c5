import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout } from 'node:timers/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { FileStore } from '#app/models/files/store.server.ts'
import busboy from 'busboy'
import { documents } from '#database/schema.ts'
import { ACCEPTED_EXTENSIONS } from '#app/models/documents/present.ts'
import { declaredExpansion, isBomb } from '#app/models/wordcount/archive.server.ts'
import { cleanFileName } from '#app/models/text/clean.ts'
import { hasContentOf } from '#app/models/documents/content-type.server.ts'
import { presentDocument } from '#app/models/documents/present.ts'
import { lockQuota, quotaProblem, type QuotaProblem } from '#app/models/documents/quota.server.ts'
import type { AppServices } from '#app/models/services.ts'

export const MIB = 1024 * 1024
// Room for the multipart framing around the file itself.
const FRAMING_BYTES = 64 * 1024

export type UploadRefusal =
	| { reason: 'too-big'; sizeMib: number; limitMib: number }
	| { reason: 'type' }
	| { reason: 'content' }
	| { reason: 'missing' }
	| { reason: 'bomb' }
	| { reason: 'quota'; limit: 'order' }
	| { reason: 'quota'; limit: 'hour'; retryAt: Date }
	// A body that is not a readable multipart form (no boundary, cut off, not multipart at all).
	| { reason: 'malformed' }

export class UploadRefused extends Error {
	readonly refusal: UploadRefusal
	constructor(refusal: UploadRefusal) {
		super(refusal.reason)
		this.refusal = refusal
	}
}

// The multipart body as it streams in: its Content-Type (with the boundary) and declared length.
export type MultipartSource = { contentType: string; declaredBytes: number; body: ReadableStream<Uint8Array> | null }
type UploadServices = Pick<AppServices, 'db' | 'documentsDir' | 'files' | 'uploadQuota' | 'enqueueAnalysis'>
type Upload = { source: MultipartSource; draftId: string; limitMib: number; ipHash: string }

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase()

// One file per request, field `file`. It is streamed to a `.part` file under DATA_DIR and only
// renamed once whole and checked, so a server killed mid-upload never leaves a file that counts.
// Too big is refused from Content-Length before reading, or as soon as the limit is passed.
// Every upload that counts is handed to the word count.
export async function receiveUpload(services: UploadServices, { source, draftId, limitMib, ipHash }: Upload) {
	const { db, documentsDir, uploadQuota: quota } = services
	if (source.declaredBytes > limitMib * MIB + FRAMING_BYTES)
		throw new UploadRefused({ reason: 'too-big', sizeMib: round(source.declaredBytes / MIB), limitMib })
	// Said before a byte is stored; checked again, under a lock, before the file counts.
	refuseOver(
		await quotaProblem(db, { draftId, ipHash, quota, bytes: Math.max(0, source.declaredBytes - FRAMING_BYTES) }),
	)
	// The row and the file arrive together: a failed rename takes the row back, and a file
	// renamed just before the server died has no row and goes at the next start.
	const row = await receiveFile(source, services.files, documentsDir, limitMib, (file, moveIntoPlace) =>
		db.transaction(async (tx) => {
			await lockQuota(tx, draftId, ipHash)
			refuseOver(await quotaProblem(tx, { draftId, ipHash, quota, bytes: file.size }))
			const [inserted] = await tx
				.insert(documents)
				.values({ ...file, draftId, ipHash })
				.returning()
			await moveIntoPlace()
			return inserted!
		}),
	)
	services.enqueueAnalysis(row.id)
	return presentDocument(row)
}

function refuseOver(problem: QuotaProblem | null) {
	if (problem) throw new UploadRefused({ reason: 'quota', ...problem })
}

export type ReceivedFile = { id: string; name: string; extension: string; size: number; storedName: string }

// A file of the kinds customers may send (ACCEPTED_EXTENSIONS), streamed into `directory` under a
// new id, checked for its type, content and (for a ZIP-based format) its unpacked size, shared
// through `files`; `store` records it and calls moveIntoPlace, in its transaction, to make the file count.
export async function receiveFile<T>(
	source: MultipartSource,
	files: FileStore,
	directory: string,
	limitMib: number,
	store: (file: ReceivedFile, moveIntoPlace: () => Promise<void>) => Promise<T>,
): Promise<T> {
	const limit = limitMib * MIB
	const declared = source.declaredBytes
	if (declared > limit + FRAMING_BYTES)
		throw new UploadRefused({ reason: 'too-big', sizeMib: round(declared / MIB), limitMib })
	if (!source.body) throw new UploadRefused({ reason: 'missing' })
	await mkdir(directory, { recursive: true })

	const id = randomUUID()
	const partPath = path.join(directory, `${id}.part`)
	let received: { name: string; size: number } | null = null
	let writing: Promise<void> = Promise.resolve()
	try {
		await new Promise<void>((resolve, reject) => {
			const malformed = () => reject(new UploadRefused({ reason: 'malformed' }))
			let parser: busboy.Busboy
			try {
				// Browsers send file names in UTF-8; busboy reads them as Latin-1 unless told.
				parser = busboy({
					headers: { 'content-type': source.contentType },
					defParamCharset: 'utf8',
					limits: { files: 1, fileSize: limit, fields: 10 },
				})
			} catch {
				return malformed()
			}
			parser.on('file', (field, stream, info) => {
				const name = cleanFileName(info.filename || '')
				if (field !== 'file' || !name) return void stream.resume()
				if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(name))) {
					stream.resume()
					return reject(new UploadRefused({ reason: 'type' }))
				}
				const file = { name, size: 0 }
				received = file
				stream.on('data', (chunk: Buffer) => (file.size += chunk.length))
				stream.on('limit', () =>
					reject(
						new UploadRefused({ reason: 'too-big', sizeMib: round(Math.max(declared, file.size) / MIB), limitMib }),
					),
				)
				writing = pipeline(stream, createWriteStream(partPath))
			})
			parser.on('error', malformed)
			parser.on('close', () => writing.then(resolve, reject))
			Readable.fromWeb(source.body as NodeReadableStream)
				.on('error', reject)
				.pipe(parser)
		})
		const file = received as { name: string; size: number } | null
		if (!file || file.size === 0) throw new UploadRefused({ reason: 'missing' })
		const extension = extensionOf(file.name)
		if (!(await hasContentOf(partPath, extension))) throw new UploadRefused({ reason: 'content' })
		// An Office or OpenDocument file is a ZIP: one that would unpack to far more than is sane is refused now.
		const expansion = await declaredExpansion(partPath)
		if (expansion && isBomb(expansion)) throw new UploadRefused({ reason: 'bomb' })
		const storedName = `${id}.${extension}`
		// Shared before its row: a file whose row never came is swept with the strays.
		await files.publish(partPath, path.join(directory, storedName))
		return await store({ id, name: file.name, extension, size: file.size, storedName }, () =>
			rename(partPath, path.join(directory, storedName)),
		)
	} finally {
		// A refusal can come while the file is still being written (busboy goes on to the end of a
		// truncated file): the .part file goes once the write has ended, not before it is created.
		await Promise.race([writing.catch(() => {}), setTimeout(WRITE_SETTLE_MS)])
		await rm(partPath, { force: true })
	}
}

// How long a refused upload's write may take to end before its file is removed (a stray one is
// swept at the next start).
const WRITE_SETTLE_MS = 5000
const round = (value: number) => Math.round(value * 10) / 10
