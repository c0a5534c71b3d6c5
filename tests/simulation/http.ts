import { writeFileSync } from 'node:fs'
// A person on the site without a browser: keeps cookies as a browser does, reads each page's CSRF
// token, and sends forms and scripted calls with the headers the site's own pages send.
export type Person = ReturnType<typeof person>

export function person(baseUrl: string) {
	const jar = new Map<string, string>()
	let csrfToken = ''
	const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
	async function send(path: string, init: RequestInit = {}) {
		const response = await fetch(baseUrl + path, {
			redirect: 'manual',
			...init,
			headers: { cookie: cookie(), ...(init.headers as Record<string, string>) },
		})
		for (const header of response.headers.getSetCookie()) {
			const [pair] = header.split(';')
			const at = pair!.indexOf('=')
			const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)]
			if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === '') jar.delete(name)
			else jar.set(name, value)
		}
		return response
	}
	return {
		jar,
		send,
		// A page, as its HTML; its token is the one the next form sends.
		async page(path: string) {
			const response = await send(path, { headers: { accept: 'text/html' } })
			const html = await response.text()
			csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? csrfToken
			return { status: response.status, html, location: response.headers.get('location') }
		},
		// A form as a browser without script posts it.
		async post(path: string, fields: Record<string, string | string[]>) {
			const body = new URLSearchParams({ authenticity_token: csrfToken })
			for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item)
			const response = await send(path, { method: 'POST', body, headers: { accept: 'text/html' } })
			return { status: response.status, location: response.headers.get('location'), text: await response.text() }
		},
		// A multipart upload as the page's script sends it.
		async upload(path: string, form: FormData, json = true) {
			const response = await send(path, {
				method: 'POST',
				body: form,
				headers: {
					'x-csrf-token': csrfToken,
					...(json ? { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } : {}),
				},
			})
			return { status: response.status, location: response.headers.get('location'), text: await response.text() }
		},
		async json<T>(path: string): Promise<T> {
			const response = await send(path, { headers: { accept: 'application/json' } })
			if (!response.ok) throw new Error(`GET ${path}: ${response.status}`)
			return (await response.json()) as T
		},
		async text(path: string) {
			const response = await send(path)
			return { status: response.status, body: await response.text() }
		},
	}
}

export function expectStatus(what: string, got: { status: number; text?: string }, ...wanted: number[]) {
	if (!wanted.includes(got.status)) {
		if (process.env.SIMULATION_DUMP) writeFileSync(process.env.SIMULATION_DUMP, got.text ?? '')
		throw new Error(`${what}: ${got.status}, expected ${wanted.join(' or ')}\n${problemsIn(got.text ?? '')}`)
	}
}

// What a refused form says: its error messages (the page's alerts and each field's), else its start.
function problemsIn(body: string) {
	const messages = [
		...body.matchAll(/<(?:p|div|span)[^>]*(?:role="alert"|id="[^"]*error[^"]*")[^>]*>([\s\S]*?)<\/(?:p|div|span)>/g),
	]
		.map((match) =>
			match[1]!
				.replace(/<[^>]+>/g, ' ')
				.replace(/\s+/g, ' ')
				.trim(),
		)
		.filter(Boolean)
	return messages.length ? messages.join('\n') : body.slice(0, 600)
}
