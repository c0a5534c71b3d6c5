import { describe, expect, test } from 'vitest'
import { attemptLogin, setupStaffServer, type StaffClient } from '#tests/setup/admin.ts'
import { openCable } from '#tests/setup/cable.ts'
import { THROTTLE } from '#app/models/staff/throttle.server.ts'

// What an attacker's probe of a fresh instance found (issue 32), each case kept here so it cannot
// come back: malformed uploads, redirects off the site, forwarded addresses, formula and XML
// injection, a flood on /cable.
const session = setupStaffServer({
	TRUST_PROXY: '1',
	CABLE_MAX_CONNECTIONS_PER_IP: '10',
	// A day's allowance, which no time passing refills: the count is the same on a slow machine.
	BUSINESS_SEARCHES_PER_MINUTE: '0',
	BUSINESS_SEARCHES_PER_DAY: '60',
})

const BOUNDARY = 'ProbeBoundary7MA4YWxkTrZu0gW'
const part = (filename: string, content = 'hello world') =>
	`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`

// Bodies no browser sends: each is refused with a message, never a 500 (a cut-off body to the
// media library took the whole server down). Unreadable ones are a 400; a readable form without a
// file is told to choose one (422).
const MALFORMED: [string, string, string, number][] = [
	['a NUL in the file name', MULTIPART, `${part('a\u0000b.txt')}--${BOUNDARY}--\r\n`, 400],
	['a bare CR in the file name', MULTIPART, `${part('a\rb.txt')}--${BOUNDARY}--\r\n`, 400],
	['a file name of 100,000 characters', MULTIPART, `${part(`${'n'.repeat(100_000)}.txt`)}--${BOUNDARY}--\r\n`, 400],
	['no boundary', 'multipart/form-data', `${part('a.txt')}--${BOUNDARY}--\r\n`, 400],
	[
		'a boundary the body does not use',
		'multipart/form-data; boundary=Other',
		`${part('a.txt')}--${BOUNDARY}--\r\n`,
		400,
	],
	[
		'a body cut off inside the file',
		MULTIPART,
		`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello`,
		400,
	],
	['a body cut off inside the headers', MULTIPART, `--${BOUNDARY}\r\nContent-Disposition: form-da`, 400],
	['an empty body', MULTIPART, '', 400],
	['a text/plain body', 'text/plain', 'file=hello', 400],
	[
		'a part without Content-Disposition',
		MULTIPART,
		`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
		422,
	],
	['only the closing boundary', MULTIPART, `--${BOUNDARY}--\r\n`, 422],
	[
		'a boundary of 200 characters',
		`multipart/form-data; boundary=${'b'.repeat(200)}`,
		`--${'b'.repeat(200)}--\r\n`,
		422,
	],
	['bytes that are no multipart at all', MULTIPART, '\u0000\u0001\u0002 garbage', 400],
	['an unknown multipart subtype', `multipart/mixed; boundary=${BOUNDARY}`, `${part('a.txt')}--${BOUNDARY}--\r\n`, 400],
]

async function post(client: StaffClient | null, baseUrl: string, path: string, contentType: string, body: string) {
	const headers: Record<string, string> = {
		'content-type': contentType,
		accept: 'application/json',
		'x-requested-with': 'XMLHttpRequest',
		origin: baseUrl,
	}
	if (client) Object.assign(headers, { cookie: client.cookie, 'x-csrf-token': client.csrfToken })
	return fetch(baseUrl + path, { method: 'POST', headers, body, redirect: 'manual' })
}

describe('malformed multipart bodies', () => {
	test.each(MALFORMED)(
		'%s: %i with a message on every upload address, nothing logged as an error',
		async (_name, contentType, body, status) => {
			const { url } = session.server
			const anonymousPaths = ['/en/order/documents', '/bestil/dokumenter']
			const staffPaths = ['/admin/photos', '/admin/content_files', '/admin/slides/new', '/admin/team/new']
			const before = session.server.logs().length
			for (const path of anonymousPaths) {
				const response = await post(null, url, path, contentType, body)
				expect([path, response.status], await response.clone().text()).toEqual([path, status])
				expect(((await response.json()) as { error?: string }).error, path).toMatch(/\w/)
			}
			for (const path of staffPaths) {
				const response = await post(session.admin, url, path, contentType, body)
				expect([path, response.status], await response.clone().text()).toEqual([path, status])
			}
			expect(session.server.logs().slice(before)).not.toMatch(/"level":50/)
		},
	)
})

describe('redirects stay on the site', () => {
	test('the login sends signed-in staff only under /admin, never to a path a browser reads as another host', async () => {
		for (const target of [
			'%2Fadmin%2F..%2F%09%2Fevil.example%2Fphish',
			'%2Fadmin%2F..%2F%5Cevil.example',
			'%2F%2Fevil.example%2Fadmin',
			'%2Fadmin%2F..%2F%2Fevil.example',
		]) {
			const response = await session.admin.get(`/admin/login?redirectTo=${target}`, {
				headers: { accept: 'text/html' },
			})
			expect(response.status, target).toBe(302)
			const location = response.headers.get('location')!
			expect(location, target).toMatch(/^\/admin(\/|$)/)
			expect(new URL(location, 'https://tolk.example').host, target).toBe('tolk.example')
		}
	})

	test('dismissing the banner goes back to the Referer only when it is a page of the site', async () => {
		const { url } = session.server
		const dismiss = (referer: string) =>
			fetch(`${url}/banner`, {
				method: 'POST',
				redirect: 'manual',
				headers: { origin: url, referer, 'content-type': 'application/x-www-form-urlencoded' },
				body: '',
			})
		expect((await dismiss(`${url}/en/prices`)).headers.get('location')).toBe('/en/prices')
		expect((await dismiss(`${url}//evil.example/x`)).headers.get('location')).toBe('/')
		expect((await dismiss('https://evil.example/en')).headers.get('location')).toBe('/')
	})
})

describe('the visitor address behind a proxy (TRUST_PROXY=1)', () => {
	// The client writes any first entry it likes; the proxy appends the address it saw.
	const forwarded = (n: number, seen = '203.0.113.50') => ({ 'x-forwarded-for': `10.${n % 250}.${n % 7}.1, ${seen}` })

	test('business searches count the address the proxy saw, not the one the client wrote', async () => {
		const statuses: number[] = []
		for (let n = 0; n < 80; n++)
			statuses.push((await fetch(`${session.server.url}/businesses?query=tolk${n}`, { headers: forwarded(n) })).status)
		expect(statuses.filter((status) => status === 200).length).toBe(60)
		expect(statuses.filter((status) => status === 429).length).toBe(20)
	})

	test('the login throttle counts the address the proxy saw', async () => {
		// Each attempt names another address, so only the per-address rule (20 in 15 minutes) can refuse.
		const statuses: number[] = []
		for (let n = 0; n < THROTTLE.address.failures + 3; n++)
			statuses.push(
				(await attemptLogin(session.server.url, `probe${n}@tolk.example`, 'wrong', forwarded(n, '203.0.113.51')))
					.response.status,
			)
		expect(statuses).toEqual([...Array(THROTTLE.address.failures).fill(401), 429, 429, 429])
	})

	test('live-update sockets are capped per address the proxy saw', async () => {
		const opened = await Promise.allSettled(
			Array.from({ length: 15 }, (_, n) => openCable(session.server.url, { headers: forwarded(n, '203.0.113.52') })),
		)
		try {
			expect(opened.filter((result) => result.status === 'fulfilled').length).toBe(10)
		} finally {
			for (const result of opened) if (result.status === 'fulfilled') result.value.socket.close()
		}
	})
})

describe('/cable under a flood', () => {
	test('a socket sending commands without pause is closed, and the log hears of it a few times at most', async () => {
		const before = session.server.logs().length
		const client = await openCable(session.server.url, { headers: { 'x-forwarded-for': '203.0.113.60' } })
		const flood = JSON.stringify({ command: 'nonsense', identifier: 'x' })
		for (let n = 0; n < 20_000 && client.socket.readyState === client.socket.OPEN; n++) client.socket.send(flood)
		expect((await client.closed).code).toBe(1008)
		const lines = session.server
			.logs()
			.slice(before)
			.split('\n')
			.filter((line) => line.includes('cable:'))
		expect(lines.length).toBeGreaterThan(0)
		expect(lines.length).toBeLessThanOrEqual(5)
	})

	test('200 handshakes at once with a made-up staff cookie: no more than the cap are accepted', async () => {
		const opened = await Promise.allSettled(
			Array.from({ length: 200 }, () =>
				openCable(session.server.url, {
					cookie: 'tolk_staff=made-up-session-token',
					headers: { 'x-forwarded-for': '203.0.113.61' },
				}),
			),
		)
		try {
			expect(opened.filter((result) => result.status === 'fulfilled').length).toBe(10)
		} finally {
			for (const result of opened) if (result.status === 'fulfilled') result.value.socket.close()
		}
	})
})

describe('requests no browser sends', () => {
	// Raw HTTP/1.1, as fetch will not send two Host headers.
	async function raw(request: string): Promise<string> {
		const { connect } = await import('node:net')
		const { port, hostname } = new URL(session.server.url)
		return new Promise((resolve, reject) => {
			const socket = connect(Number(port), hostname, () => socket.end(request))
			let answer = ''
			socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
			socket.on('end', () => resolve(answer))
			socket.on('error', reject)
		})
	}

	test('two Host headers are a 400, before any page, search or socket reads either', async () => {
		for (const path of ['/', '/en/prices', '/businesses?query=tolk', '/admin/login']) {
			const answer = await raw(
				`GET ${path} HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
			)
			expect(answer.split('\r\n')[0], path).toBe('HTTP/1.1 400 Bad Request')
		}
		const upgrade = await raw(
			`GET /cable HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: actioncable-v1-json\r\n\r\n`,
		)
		expect(upgrade.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
	})

	test('JSON answers carry the same security headers as pages', async () => {
		const page = await fetch(`${session.server.url}/en/prices`)
		const json = await fetch(`${session.server.url}/businesses?query=tolk`, {
			headers: { 'x-forwarded-for': '203.0.113.70' },
		})
		for (const header of [
			'x-content-type-options',
			'referrer-policy',
			'x-frame-options',
			'cross-origin-opener-policy',
			'permissions-policy',
		]) {
			expect(json.headers.get(header), header).toBe(page.headers.get(header))
		}
		expect(json.headers.get('content-security-policy')).toContain("default-src 'none'")
	})
})
