import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { data } from 'react-router'
import type { FileStore } from '#app/models/files/store.server.ts'

// A stored file as a download of opaque bytes, never shown inline (it is a customer's file, not
// ours), under the name it was given; 410 when the file is gone from the disk.
export async function fileDownload(store: FileStore, file: string, name: string): Promise<Response> {
	await store.fetch(file)
	const size = await stat(file)
		.then((stats) => stats.size)
		.catch(() => null)
	if (size === null) throw data({ error: 'The file is gone' }, { status: 410 })
	const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
	return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
		headers: {
			'Content-Type': 'application/octet-stream',
			'Content-Length': String(size),
			'Content-Disposition': `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}

// A CSV export streamed batch by batch as its lines are read, with a byte order mark so a Danish
// Excel takes it as UTF-8; a download closed early stops the reading.
export function csvDownload(batches: AsyncGenerator<string>, filename: string): Response {
	const encoder = new TextEncoder()
	const body = new ReadableStream<Uint8Array>({
		start: (controller) => controller.enqueue(encoder.encode('\uFEFF')),
		async pull(controller) {
			const next = await batches.next()
			if (next.done) controller.close()
			else controller.enqueue(encoder.encode(next.value))
		},
		cancel: async () => void (await batches.return(undefined)),
	})
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${filename}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

// A text made for the reader (the counted text of a document) as a UTF-8 .txt download.
export function textDownload(text: string, name: string): Response {
	const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
	return new Response(text, {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Content-Disposition': `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}
