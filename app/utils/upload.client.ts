import { scriptedHeaders } from '#app/utils/request-headers.ts'

export class UploadError extends Error {
	readonly kind: 'server' | 'json' | 'refused' | 'canceled'
	readonly statusCode: number
	constructor(kind: UploadError['kind'], message: string, statusCode = 0) {
		super(message)
		this.kind = kind
		this.statusCode = statusCode
	}
}

// One file as one multipart POST with field `file`. XMLHttpRequest, because fetch cannot report
// upload progress.
export function uploadFile<T>(
	url: string,
	file: File,
	onProgress: (share: number) => void,
	signal: AbortSignal,
): Promise<T> {
	return new Promise((resolve, reject) => {
		const request = new XMLHttpRequest()
		request.open('POST', url)
		for (const [name, value] of scriptedHeaders('POST')) request.setRequestHeader(name, value)
		request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
		request.onload = () => {
			let body: unknown
			try {
				body = JSON.parse(request.responseText)
			} catch {
				return reject(new UploadError('json', 'Invalid JSON response from server.', request.status))
			}
			if (request.status >= 200 && request.status < 300) return resolve(body as T)
			const message = (body as { error?: unknown })?.error
			if (typeof message === 'string') return reject(new UploadError('refused', message, request.status))
			reject(new UploadError('server', `Server responded with ${request.status} code.`, request.status))
		}
		request.onerror = () =>
			reject(new UploadError('server', `Server responded with ${request.status} code.`, request.status))
		request.onabort = () => reject(new UploadError('canceled', 'Upload canceled.'))
		signal.addEventListener('abort', () => request.abort(), { once: true })
		const form = new FormData()
		form.append('file', file)
		request.send(form)
	})
}
