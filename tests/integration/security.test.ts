import { createHash } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import { describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { visit } from '#tests/setup/http.ts'
import { setupServerTests, startServer } from '#tests/setup/server.ts'

const server = setupServerTests(ADMIN_ENV)

const BANNER = '<aside aria-label="Meddelelse"'

describe('CSRF protection', () => {
	test.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
		'%s without a token is refused with 403 on any path',
		async (method) => {
			for (const path of ['/banner', '/', '/en/prices', '/admin/position', '/no/such/path']) {
				const response = await fetch(server.url + path, { method, body: method === 'DELETE' ? undefined : 'a=1' })
				expect(response.status, `${method} ${path}`).toBe(403)
			}
		},
	)

	test('a refused request changes nothing', async () => {
		const visitor = await visit(server.url)
		const refused = await visitor.get('/banner', { method: 'POST', headers: { 'x-csrf-token': 'forged' } })
		expect(refused.status).toBe(403)
		expect(refused.headers.get('set-cookie')).toBeNull()
		expect(await (await visitor.get('/')).text()).toContain(BANNER)
	})

	// Rails' Fetch Metadata check (rails/rails#56350): the browser's word first, the token only when
	// it says nothing. See docs/decisions/012.
	describe('where an unsafe request comes from', () => {
		const dismiss = (headers: Record<string, string>) =>
			fetch(`${server.url}/banner`, {
				method: 'POST',
				redirect: 'manual',
				headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
			})
		test.each([
			['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
			['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }, 403],
			['Sec-Fetch-Site: none (typed or bookmarked)', { 'sec-fetch-site': 'none' }, 403],
			['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }, 200],
			['a foreign Origin', { origin: 'https://evil.example' }, 403],
			['Origin: null', { origin: 'null' }, 403],
			['its own Origin', { origin: 'SELF' }, 200],
			['neither header nor token', {}, 403],
			['neither header, and a forged token', { 'x-csrf-token': 'A'.repeat(86) }, 403],
		])('%s: %s', async (_, headers, status) => {
			const own = Object.fromEntries(
				Object.entries(headers).map(([name, value]) => [name, value === 'SELF' ? server.url : value]),
			)
			expect((await dismiss(own)).status).toBe(status)
		})

		// The site's own address as Origin, sent to another Host (here 127.0.0.1 for PUBLIC_URL's
		// localhost): React Router would refuse it with an error and a stack trace in the log.
		test("the site's public address as Origin of a request to another host is refused, and logged as a refusal", async () => {
			const before = server.logs().length
			for (const headers of [
				{ origin: server.publicUrl },
				{ origin: server.publicUrl, 'sec-fetch-site': 'same-origin' },
			] as Record<string, string>[]) {
				const response = await dismiss(headers)
				expect(response.status).toBe(403)
				expect(await response.json()).toEqual({ error: expect.stringContaining('Formularen er udløbet') })
			}
			expect(server.publicUrl).not.toBe(server.url)
			const lines = () => server.logs().slice(before).split('\n').filter(Boolean)
			const refusals = () => lines().filter((line) => line.includes('"status":403'))
			await expect.poll(() => refusals().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
			expect(refusals().every((line) => line.includes('"level":30'))).toBe(true)
			expect(lines().filter((line) => /"level":(50|60)/.test(line))).toEqual([])
		})

		test('a foreign origin is refused even with a valid token; with neither header the token decides', async () => {
			const { csrfToken } = await visit(server.url)
			expect((await dismiss({ 'sec-fetch-site': 'cross-site', 'x-csrf-token': csrfToken })).status).toBe(403)
			expect((await dismiss({ origin: 'https://evil.example', 'x-csrf-token': csrfToken })).status).toBe(403)
			expect((await dismiss({ 'x-csrf-token': csrfToken })).status).toBe(200)
		})

		test("a staff member's token is bound to their session: another's cookie, or none, refuses it", async () => {
			const alice = await logIn(server.url)
			const bob = await logIn(server.url)
			const call = (cookie: string, token: string) =>
				fetch(`${server.url}/admin/position`, {
					method: 'PATCH',
					headers: { cookie, 'x-csrf-token': token, accept: 'application/json', 'content-type': 'application/json' },
					body: '{}',
				})
			expect((await call(bob.cookie, alice.csrfToken)).status).toBe(403)
			// The site's token, which every anonymous page carries, is no proof for a staff session.
			expect((await call(alice.cookie, (await visit(server.url)).csrfToken)).status).toBe(403)
			expect((await call(alice.cookie, alice.csrfToken)).status).not.toBe(403)
		})
	})

	test('a scripted request with the header token goes through', async () => {
		const visitor = await visit(server.url)
		const response = await visitor.get('/banner', {
			method: 'POST',
			headers: { 'x-csrf-token': visitor.csrfToken, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
		})
		expect(response.status).toBe(200)
		const cookie = response.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ')
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
				const request = httpRequest(
					`${server.url}${path}`,
					{ method, agent, headers: { cookie: visitor.cookie, ...headers } },
					(response) => {
						response.resume()
						response.on('end', () => resolve(response.statusCode!))
					},
				)
				request.on('error', reject)
				request.setTimeout(5_000, () => reject(new Error(`${method} ${path} waited for the body before it`)))
				request.end(body)
			})
		const form = Buffer.from(`authenticity_token=${visitor.csrfToken}&filler=${'x'.repeat(200_000)}`)
		// /banner answers without reading its form, and a refused upload (it streams) is left unread.
		expect(await send('/banner', 'POST', form, { 'content-type': 'application/x-www-form-urlencoded' })).toBe(302)
		const multipart = Buffer.from(
			`--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${'y'.repeat(500_000)}\r\n--b--\r\n`,
		)
		expect(
			await send('/en/order/documents', 'POST', multipart, { 'content-type': 'multipart/form-data; boundary=b' }),
		).toBe(403)
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
	const scriptSource = (csp: string) => csp.split(';').find((d) => d.trim().startsWith('script-src'))!
	const inlineScripts = (html: string) =>
		[...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, source]) => ({
			attributes: attributes!,
			source: source!,
		}))

	test('a page rendered per visitor carries a nonce-based CSP without unsafe-inline scripts and the other security headers', async () => {
		const response = await fetch(`${server.url}/en/order`)
		const html = await response.text()
		const csp = response.headers.get('content-security-policy')!
		expect(scriptSource(csp)).not.toContain('unsafe-inline')
		const nonce = scriptSource(csp).match(/'nonce-([^']+)'/)![1]
		expect(inlineScripts(html).length).toBeGreaterThan(0)
		for (const { attributes } of inlineScripts(html)) expect(attributes).toContain(`nonce="${nonce}"`)
		expect(csp).toContain("frame-ancestors 'none'")
		expect(response.headers.get('x-content-type-options')).toBe('nosniff')
		expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
		expect(response.headers.get('strict-transport-security')).toBeNull()
		const nextNonce = (await fetch(`${server.url}/en/order`)).headers
			.get('content-security-policy')!
			.match(/'nonce-([^']+)'/)![1]
		expect(nextNonce).not.toBe(nonce)
	})

	test('a page from the page cache lets exactly its own inline scripts run, by hash', async () => {
		const response = await fetch(server.url)
		const html = await response.text()
		const csp = response.headers.get('content-security-policy')!
		expect(scriptSource(csp)).not.toMatch(/unsafe-inline|nonce-/)
		const allowed = [...scriptSource(csp).matchAll(/'sha256-([^']+)'/g)].map((match) => match[1])
		const scripts = inlineScripts(html).filter(({ attributes }) => !attributes.includes('application/ld+json'))
		expect(scripts.length).toBeGreaterThan(0)
		for (const { source } of scripts) expect(allowed).toContain(createHash('sha256').update(source).digest('base64'))
		expect(response.headers.get('x-frame-options')).toBe('DENY')
	})

	test('a plain visit sets no cookie; one appears only when the visitor does something that needs it', async () => {
		for (const path of [
			'/',
			'/en',
			'/priser',
			'/en/faq',
			'/en/about',
			'/kontakt',
			'/en/order',
			'/admin/login',
			'/sitemap.xml',
			'/no/such/page',
		]) {
			const response = await fetch(server.url + path)
			expect(response.headers.getSetCookie(), path).toEqual([])
		}
		const visitor = await visit(server.url)
		const dismissed = await visitor.get('/banner', {
			method: 'POST',
			headers: { 'x-csrf-token': visitor.csrfToken, accept: 'application/json' },
		})
		const cookie = dismissed.headers.getSetCookie().find((c) => c.startsWith('tolk_banner='))!
		expect(cookie).toMatch(/HttpOnly/)
		expect(cookie).toMatch(/SameSite=Lax/)
		expect(cookie).not.toMatch(/Secure/)
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
		for (const secret of [visitor.csrfToken, 'form-content-value', 'query-value']) {
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
			const { csrfToken } = await visit(proxied.url)
			const dismissed = await fetch(`${proxied.url}/banner`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'x-forwarded-proto': 'https', 'x-csrf-token': csrfToken, accept: 'application/json' },
			})
			expect(dismissed.status, await dismissed.clone().text()).toBe(302)
			expect(dismissed.headers.getSetCookie().find((c) => c.startsWith('tolk_banner='))).toMatch(/; Secure/)
			const plain = await fetch(proxied.url)
			expect(plain.headers.get('strict-transport-security')).toBeNull()
		} finally {
			await proxied.stop()
		}
	})
})
