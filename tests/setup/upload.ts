import { multipartSource } from '#app/http/multipart.server.ts'

type Content = string | Uint8Array
type Client = { get: (path: string, init?: RequestInit) => Promise<Response>; csrfToken: string }

// A file as a form's `file` field (with any other fields), as a browser sends it.
export function fileForm(name: string, content: Content, fields: Record<string, string> = {}): FormData {
	const form = new FormData()
	form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name)
	for (const [field, value] of Object.entries(fields)) form.append(field, value)
	return form
}

// The same form's body as a model reads it from a request, for tests that call models directly.
export function multipartOf(name: string, content: Content, fields: Record<string, string> = {}) {
	return multipartSource(
		new Request('http://localhost/upload', { method: 'POST', body: fileForm(name, content, fields) }),
	)
}

// The file posted to `path` as the page's script posts it: with the page's CSRF token, asking for
// JSON; `headers` adds to them (an address, a cookie), `fields` to the form (a title).
export function postFile(
	client: Client,
	path: string,
	name: string,
	content: Content,
	options: { headers?: Record<string, string>; fields?: Record<string, string> } = {},
): Promise<Response> {
	return client.get(path, {
		method: 'POST',
		body: fileForm(name, content, options.fields),
		headers: {
			'x-csrf-token': client.csrfToken,
			accept: 'application/json',
			'x-requested-with': 'XMLHttpRequest',
			...options.headers,
		},
	})
}
