// Rails' names, so plain HTML forms and scripted requests look as they did in the original.
export const CSRF_FIELD = 'authenticity_token'
export const CSRF_HEADER = 'X-CSRF-Token'

// The spec's contract for every scripted request: the CSRF token from the page, JSON please,
// and the XMLHttpRequest marker.
export function csrfTokenFromPage(): string {
	return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
}

export function scriptedHeaders(method: string, init?: HeadersInit): Headers {
	const headers = new Headers(init)
	headers.set('X-Requested-With', 'XMLHttpRequest')
	if (!headers.has('Accept')) headers.set('Accept', 'application/json')
	if (!['GET', 'HEAD'].includes(method.toUpperCase())) headers.set(CSRF_HEADER, csrfTokenFromPage())
	return headers
}

// On the server: a scripted call that asked for JSON, not a page.
export const wantsJson = (request: Request) => (request.headers.get('Accept') ?? '').includes('application/json')

export type JsonRequestInit = { method?: string; body?: unknown; signal?: AbortSignal }

// One helper for every scripted JSON call in the pages.
export async function requestJson<T>(url: string, { method = 'GET', body, signal }: JsonRequestInit = {}): Promise<T> {
	const headers = scriptedHeaders(method)
	if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json')
	const response = await fetch(url, {
		method,
		headers,
		signal,
		credentials: 'same-origin',
		body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
	})
	if (!response.ok) throw new HttpError(response.status, await response.text())
	return (await response.json()) as T
}

export class HttpError extends Error {
	readonly status: number
	readonly body: string
	constructor(status: number, body: string) {
		super(`Server responded with ${status} code.`)
		this.status = status
		this.body = body
	}
}
