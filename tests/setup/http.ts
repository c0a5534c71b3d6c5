// A visitor without a browser: keeps the session cookie and reads the page's CSRF token.
export type Visitor = {
	cookie: string
	csrfToken: string
	get: (path: string, init?: RequestInit) => Promise<Response>
}

export async function visit(baseUrl: string, path = '/'): Promise<Visitor & { html: string }> {
	const response = await fetch(baseUrl + path)
	const html = await response.text()
	const cookie = response.headers
		.getSetCookie()
		.map((header) => header.split(';')[0])
		.join('; ')
	const csrfToken = html.match(/<meta name="csrf-token" content="([^"]+)"/)?.[1] ?? ''
	const get = (p: string, init: RequestInit = {}) =>
		fetch(baseUrl + p, {
			redirect: 'manual',
			...init,
			headers: { cookie, ...(init.headers as Record<string, string>) },
		})
	return { cookie, csrfToken, html, get }
}

export function textOf(html: string): string {
	return html
		.replace(/<script[\s\S]*?<\/script>/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
}
