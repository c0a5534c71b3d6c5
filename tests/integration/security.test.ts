import { Agent, request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { visit } from '#tests/setup/http.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
})
afterAll(() => server?.stop())

const BANNER = '<aside aria-label="Meddelelse"'

describe('CSRF protection', () => {
	test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s without a token is refused with 403 on any path', async (method) => {
		for (const path of ['/banner', '/', '/en/prices', '/admin/position', '/no/such/path']) {
			const response = await fetch(server.url + path, { method, body: method === 'DELETE' ? undefined : 'a=1' })
			expect(response.status, `${method} ${path}`).toBe(403)
		}
	})

	test('a refused request changes nothing', async () => {
		const visitor = await visit(server.url)
		const refused = await visitor.get('/banner', { method: 'POST', headers: { 'x-csrf-token': 'forged' } })
		expect(refused.status).toBe(403)
		expect(refused.headers.get('set-cookie')).toBeNull()
		expect(await (await visitor.get('/')).text()).toContain(BANNER)
	})

	test('a token from another session is refused', async () => {
		const alice = await visit(server.url)
		const mallory = await visit(server.url)
		const response = await alice.get('/banner', { method: 'POST', headers: { 'x-csrf-token': mallory.csrfToken } })
		expect(response.status).toBe(403)
	})

	test('a scripted request with the header token goes through', async () => {
		const visitor = await visit(server.url)
		const response = await visitor.get('/banner', {
			method: 'POST',
			headers: { 'x-csrf-token': visitor.csrfToken, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
		})
		expect(response.status).toBe(200)
		const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
		const page = await visitor.get('/', { headers: { cookie: `${visitor.cookie}; ${cookie}` } })
		expect(await page.text()).not.toContain(BANNER)
	})

	test('a plain HTML form proves itself with the hidden field, and is redirected back', async () => {
		const visitor = await visit(server.url, '/en/faq')
		const body = new URLSearchParams({ authenticity_token: visitor.csrfToken })
		const response = await visitor.get('/banner', {
			method: 'POST',
			body,
			headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${server.url}/en/faq` },
		})
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/en/faq')
	})

	test('a multipart form proves itself with the hidden field before the file', async () => {
		const visitor = await visit(server.url)
		const form = new FormData()
		form.append('authenticity_token', visitor.csrfToken)
		form.append('file', new Blob(['x'.repeat(200_000)]), 'big.txt')
		const accepted = await visitor.get('/banner', { method: 'POST', body: form })
		expect(accepted.status).toBe(302)

		const fileFirst = new FormData()
		fileFirst.append('file', new Blob(['x']), 'a.txt')
		fileFirst.append('authenticity_token', visitor.csrfToken)
		expect((await visitor.get('/banner', { method: 'POST', body: fileFirst })).status).toBe(403)
	})

	test('a body the route never read does not hold up the next request on the same connection', async () => {
		const visitor = await visit(server.url)
		const agent = new Agent({ keepAlive: true, maxSockets: 1 })
		const send = (path: string, method: string, body?: Buffer, headers: Record<string, string> = {}) =>
			new Promise<number>((resolve, reject) => {
				const request = httpRequest(`${server.url}${path}`, { method, agent, headers: { cookie: visitor.cookie, ...headers } }, (response) => {
					response.resume()
					response.on('end', () => resolve(response.statusCode!))
				})
				request.on('error', reject)
				request.setTimeout(5_000, () => reject(new Error(`${method} ${path} waited for the body before it`)))
				request.end(body)
			})
		const form = Buffer.from(`authenticity_token=${visitor.csrfToken}&filler=${'x'.repeat(200_000)}`)
		// /banner answers without reading its form, and a refused upload (it streams) is left unread.
		expect(await send('/banner', 'POST', form, { 'content-type': 'application/x-www-form-urlencoded' })).toBe(302)
		const multipart = Buffer.from(`--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${'y'.repeat(500_000)}\r\n--b--\r\n`)
		expect(await send('/en/order/documents', 'POST', multipart, { 'content-type': 'multipart/form-data; boundary=b' })).toBe(403)
		expect(await send('/en/faq', 'GET')).toBe(200)
		agent.destroy()
	})

	test('the refusal speaks the page language and JSON to scripts', async () => {
		const json = await fetch(`${server.url}/en/contact`, { method: 'POST', headers: { accept: 'application/json' } })
		expect(json.status).toBe(403)
		expect((await json.json()).error).toMatch(/expired/)
		const html = await fetch(`${server.url}/kontakt`, { method: 'POST' })
		expect(await html.text()).toContain('Formularen er udløbet')
	})
})

describe('headers and cookies', () => {
	test('pages carry a nonce-based CSP without unsafe-inline scripts and the other security headers', async () => {
		const response = await fetch(server.url)
		const html = await response.text()
		const csp = response.headers.get('content-security-policy')!
		const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!
		expect(scriptSrc).not.toContain('unsafe-inline')
		const nonce = scriptSrc.match(/'nonce-([^']+)'/)![1]
		const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
		expect(inlineScripts.length).toBeGreaterThan(0)
		for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`)
		expect(csp).toContain("frame-ancestors 'none'")
		expect(response.headers.get('x-content-type-options')).toBe('nosniff')
		expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
		expect(response.headers.get('strict-transport-security')).toBeNull()
		const nextNonce = (await fetch(server.url)).headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]
		expect(nextNonce).not.toBe(nonce)
	})

	test('the session cookie is HttpOnly, SameSite=Lax and signed', async () => {
		const response = await fetch(server.url)
		const cookie = response.headers.getSetCookie().find((c) => c.startsWith('tolk_session='))!
		expect(cookie).toMatch(/HttpOnly/)
		expect(cookie).toMatch(/SameSite=Lax/)
		expect(cookie).not.toMatch(/Secure/)
		// An altered cookie is not trusted: the server issues a new one.
		const tampered = cookie.split(';')[0]!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
		const again = await fetch(server.url, { headers: { cookie: tampered } })
		expect(again.headers.getSetCookie().some((c) => c.startsWith('tolk_session='))).toBe(true)
	})

	test('the request log holds no cookies, tokens or form contents', async () => {
		const visitor = await visit(server.url)
		await visitor.get('/banner?secret=query-value', {
			method: 'POST',
			body: new URLSearchParams({ authenticity_token: visitor.csrfToken, message: 'form-content-value' }),
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		})
		await new Promise((resolve) => setTimeout(resolve, 200))
		const logs = server.logs()
		expect(logs).toContain('"path":"/banner"')
		for (const secret of [visitor.csrfToken, visitor.cookie.split('=')[1]!, 'form-content-value', 'query-value']) {
			expect(logs).not.toContain(secret)
		}
	})
})

describe('behind a TLS-terminating proxy', () => {
	test('HSTS is sent and cookies are Secure when TRUST_PROXY is on and the request came over https', async () => {
		const proxied = await startServer({ TRUST_PROXY: 'true' })
		try {
			const response = await fetch(proxied.url, { headers: { 'x-forwarded-proto': 'https' } })
			expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
			expect(response.headers.getSetCookie().find((c) => c.startsWith('tolk_session='))).toMatch(/; Secure/)
			const plain = await fetch(proxied.url)
			expect(plain.headers.get('strict-transport-security')).toBeNull()
		} finally {
			await proxied.stop()
		}
	})
})
