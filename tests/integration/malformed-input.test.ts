import { describe, expect, test } from 'vitest'
import { setupStaffServer } from '#tests/setup/admin.ts'
import { textOf, visit } from '#tests/setup/http.ts'

// Input no form would send, but anyone can: each is a clear 4xx or is cleaned, never a 500 (which
// would also page whoever watches the error log).
const session = setupStaffServer()

const serverErrors = () =>
	session.server
		.logs()
		.split('\n')
		.filter((line) => /"level":(50|60)/.test(line))

describe('malformed input', () => {
	test('a NUL character typed into a form or a JSON value is dropped, and the rest is kept', async () => {
		const visitor = await visit(session.server.url, '/en/contact')
		const sent = await visitor.get('/en/contact', {
			method: 'POST',
			body: new URLSearchParams({
				authenticity_token: visitor.csrfToken,
				name: 'Karen\u0000 Blixen',
				email: 'karen@rungstedlund.dk',
				message: 'Our\u0000 report',
				consent: 'on',
			}),
		})
		expect(sent.status).toBe(200)
		const reference = /[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(textOf(await sent.text()))![0]
		const inbox = textOf(await (await session.admin.get('/admin/requests')).text())
		expect(inbox).toContain(reference)
		expect(inbox).toContain('Karen Blixen')

		const faq = {
			questionDa: 'Kan I oversætte\u0000 skøder?',
			questionEn: 'Deeds?',
			answerDa: '<p>Ja.</p>',
			answerEn: '<p>Yes.</p>',
		}
		expect((await session.admin.post('/admin/faq/new', faq)).status).toBe(302)
		expect(textOf(await (await session.admin.get('/admin/faq')).text())).toContain('Kan I oversætte skøder?')

		const patched = await session.admin.call('PATCH', '/admin/translations', {
			translation: { locale: 'en', key: 'faq.title', value: 'Questions\u0000 and answers' },
		})
		expect(patched.status).toBe(200)
		expect(textOf(await (await fetch(`${session.server.url}/en/faq`)).text())).toContain('Questions and answers')
		expect(serverErrors()).toEqual([])
	})

	test('addresses with a NUL, ids beyond PostgreSQL integers and bodies that are no form are refused with a 4xx', async () => {
		const admin = session.admin
		const statuses = {
			'GET /en/p/%00': (await fetch(`${session.server.url}/en/p/%00`)).status,
			'GET /admin/requests?q=%00': (await admin.get('/admin/requests?q=%00')).status,
			'GET /admin/faq/99999999999999': (await admin.get('/admin/faq/99999999999999')).status,
			'GET /admin/requests/99999999999': (await admin.get('/admin/requests/99999999999')).status,
			'GET /admin/photos/99999999999': (
				await admin.get('/admin/photos/99999999999', { headers: { accept: 'application/json' } })
			).status,
			'POST /admin/requests/99999999999/notes': (
				await admin.post('/admin/requests/99999999999/notes', { body: 'A note' })
			).status,
			'PATCH /admin/photos/99999999999 (rename)': (
				await admin.post('/admin/photos/99999999999', { title: 'x' }, { method: 'PATCH' })
			).status,
			'POST /admin/settings as JSON': (
				await admin.get('/admin/settings', {
					method: 'POST',
					body: 'agencyName=x',
					headers: { 'content-type': 'application/json', 'x-csrf-token': admin.csrfToken },
				})
			).status,
		}
		expect(statuses).toEqual({
			'GET /en/p/%00': 400,
			'GET /admin/requests?q=%00': 400,
			'GET /admin/faq/99999999999999': 404,
			'GET /admin/requests/99999999999': 404,
			'GET /admin/photos/99999999999': 404,
			'POST /admin/requests/99999999999/notes': 404,
			'PATCH /admin/photos/99999999999 (rename)': 404,
			'POST /admin/settings as JSON': 415,
		})
		expect(serverErrors()).toEqual([])
	})

	test('a GET on a route that only takes posts is a 405 naming what it takes, not a logged error', async () => {
		const answers: Record<string, string> = {}
		const record = async (path: string, response: Promise<Response>) => {
			const { status, headers } = await response
			answers[path] = `${status} ${headers.get('allow')}`
		}
		for (const path of ['/banner', '/analytics/events', '/en/order/documents', '/bestil/dokumenter', '/en/prices/pair'])
			await record(path, fetch(session.server.url + path))
		for (const path of [
			'/admin/position',
			'/admin/drafts',
			'/admin/logout',
			'/admin/language',
			'/admin/prices/defaults',
			'/admin/requests/1/notes',
			'/admin/requests/1/status',
			'/admin/users/1/sessions',
		])
			await record(path, session.admin.get(path))
		expect(answers).toEqual({
			'/banner': '405 POST',
			'/analytics/events': '405 POST',
			'/en/order/documents': '405 POST',
			'/bestil/dokumenter': '405 POST',
			'/en/prices/pair': '405 POST',
			'/admin/position': '405 PATCH',
			'/admin/drafts': '405 PUT, DELETE',
			'/admin/logout': '405 POST',
			'/admin/language': '405 POST',
			'/admin/prices/defaults': '405 POST',
			'/admin/requests/1/notes': '405 POST',
			'/admin/requests/1/status': '405 PATCH, POST',
			'/admin/users/1/sessions': '405 DELETE, POST',
		})
		// Anonymous visitors are still refused first: a page is sent to the login, a call gets 401.
		expect(
			(await fetch(`${session.server.url}/admin/position`, { redirect: 'manual', headers: { accept: 'text/html' } }))
				.status,
		).toBe(302)
		expect((await fetch(`${session.server.url}/admin/position`, { redirect: 'manual' })).status).toBe(401)
		expect(serverErrors()).toEqual([])
	})

	test('a POST to a page that takes none is a 405 logged at info, a few times a minute however often it comes', async () => {
		const visitor = await visit(session.server.url, '/en/faq')
		for (let n = 0; n < 20; n++) {
			const response = await visitor.get(n % 2 ? '/en/faq' : '/priser', {
				method: 'POST',
				body: new URLSearchParams({ authenticity_token: visitor.csrfToken }),
			})
			expect(response.status).toBe(405)
		}
		const refusals = session.server
			.logs()
			.split('\n')
			.filter((line) => line.includes('refused by the router'))
		expect(refusals.length).toBeGreaterThan(0)
		expect(refusals.length).toBeLessThanOrEqual(5)
		expect(refusals.every((line) => line.includes('"level":30'))).toBe(true)
		expect(serverErrors()).toEqual([])
	})
})
