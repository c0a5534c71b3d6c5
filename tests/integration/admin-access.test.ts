import { beforeAll, describe, expect, test } from 'vitest'
import { PUBLIC_ADMIN_ROUTES } from '#app/utils/admin-paths.ts'
import routes from '#app/routes.ts'
import { ADMIN, anonymous, logIn, setupStaffServer, type StaffClient } from '#tests/setup/admin.ts'
import { textOf } from '#tests/setup/http.ts'
import { ENGLISH_RUNS, englishIn, rawKeysIn, wrongPluralsIn } from '#tests/setup/danish-text.ts'
import { areaOfPath, isKnownAdminSegment, mayOpen, STAFF_ROLES, type StaffRole } from '#app/models/staff/roles.ts'
import { concrete as concreteOf, routePaths, sendAsWritten, spellingsOf } from '#tests/setup/spellings.ts'

type RouteEntry = { path?: string; children?: RouteEntry[] }

// Every admin address in the route table, so a new admin route is covered without editing this test.
function adminPaths(entries: RouteEntry[]): string[] {
	return entries.flatMap((entry) => [
		...(entry.path?.startsWith('admin') && !PUBLIC_ADMIN_ROUTES.includes(entry.path)
			? [`/${entry.path.replace(':id', '1').replace('*', 'no-such-page')}`]
			: []),
		...adminPaths(entry.children ?? []),
	])
}
const ADMIN_PATHS = adminPaths(routes as RouteEntry[])

const session = setupStaffServer()

// What staff can see of every record: compared before and after the refused calls.
async function snapshot(client: StaffClient): Promise<string> {
	const pages = [
		'/admin/faq',
		'/admin/team',
		'/admin/languages',
		'/admin/users',
		'/admin/settings',
		'/admin/pages',
		'/admin/prices',
		'/en/faq',
	]
	const texts = await Promise.all(pages.map(async (path) => textOf(await (await client.get(path)).text())))
	return texts.join('\n')
}

describe('anonymous visitors', () => {
	test('the route table has the admin addresses this test expects', () => {
		expect(ADMIN_PATHS).toEqual(
			expect.arrayContaining([
				'/admin',
				'/admin/faq',
				'/admin/faq/1',
				'/admin/users/new',
				'/admin/position',
				'/admin/audit',
				'/admin/settings',
			]),
		)
		expect(ADMIN_PATHS.length).toBeGreaterThan(30)
	})

	test('every admin page sends them to the login page and back', async () => {
		const visitor = await anonymous(session.server.url)
		for (const path of ADMIN_PATHS) {
			const response = await visitor.get(path, { headers: { accept: 'text/html' } })
			expect(response.status, path).toBe(302)
			const location = new URL(response.headers.get('location')!, session.server.url)
			expect(location.pathname, path).toBe('/admin/login')
			expect(location.searchParams.get('redirectTo') ?? '/admin', path).toBe(path)
		}
	})

	test('every admin call, with a valid CSRF token, answers 401 as JSON and changes nothing', async () => {
		const before = await snapshot(session.admin)
		expect(before).toContain('Hvordan beregner I prisen?')
		expect(before).toContain('admin@tolk.example')
		const visitor = await anonymous(session.server.url)
		const payloads: Record<string, unknown> = {
			'/admin/position': { model: 'faq_item', items: [3, 2, 1] },
			'/admin/faq/new': { questionDa: 'Ny?', questionEn: 'New?', answerDa: 'Ja', answerEn: 'Yes' },
			'/admin/settings': { wordsPerDay: '99' },
		}
		for (const path of ADMIN_PATHS) {
			for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
				const response = await visitor.call(method, path, method === 'GET' ? undefined : (payloads[path] ?? {}))
				expect(response.status, `${method} ${path}`).toBe(401)
				expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/)
				expect(await response.json()).toEqual({ error: 'Log in to continue.' })
			}
			// React Router's own data requests for the page are refused too.
			const data = await visitor.post(`${path}.data`, {}, { headers: { accept: 'application/json' } })
			expect(data.status, `POST ${path}.data`).toBe(401)
		}
		expect(await snapshot(session.admin)).toBe(before)
	})

	test('a plain form post without a session is refused and changes nothing', async () => {
		const visitor = await anonymous(session.server.url)
		const response = await visitor.post('/admin/faq/1', {
			questionDa: 'Hacked',
			questionEn: 'Hacked',
			answerDa: 'x',
			answerEn: 'x',
		})
		expect(response.status).toBe(401)
		expect(await (await session.admin.get('/admin/faq/1')).text()).not.toContain('Hacked')
	})

	test('a forged session cookie is no session', async () => {
		const response = await fetch(`${session.server.url}/admin`, {
			redirect: 'manual',
			headers: { cookie: 'tolk_staff=forged', accept: 'text/html' },
		})
		expect(response.status).toBe(302)
	})
})

describe('sessions', () => {
	test('login replaces whatever session cookie the browser had', async () => {
		const visitor = await anonymous(session.server.url)
		const planted = 'planted-by-someone-else'
		// As a browser sends it: its page had no planted cookie, but the browser says where it came from.
		const headers = { cookie: `${visitor.cookie}; tolk_staff=${planted}`, 'sec-fetch-site': 'same-origin' }
		const response = await visitor.post('/admin/login', { email: ADMIN.email, password: ADMIN.password }, { headers })
		expect(response.status).toBe(302)
		const issued = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tolk_staff='))!
		expect(issued).toMatch(/HttpOnly/)
		expect(issued).toMatch(/SameSite=Lax/)
		expect(issued).not.toContain(planted)
	})

	test('logging out ends the session on the server, not only in the browser', async () => {
		const staff = await logIn(session.server.url)
		expect((await staff.get('/admin', { headers: { accept: 'text/html' } })).status).toBe(200)
		expect((await staff.post('/admin/logout', {})).status).toBe(302)
		// The old cookie, replayed, opens nothing.
		expect((await staff.get('/admin', { headers: { accept: 'text/html' } })).status).toBe(302)
	})

	test('login sends staff back where they were going, but never off the admin', async () => {
		const visitor = await anonymous(session.server.url)
		const back = await visitor.post('/admin/login?redirectTo=%2Fadmin%2Fteam', {
			email: ADMIN.email,
			password: ADMIN.password,
			redirectTo: '/admin/team',
		})
		expect(back.headers.get('location')).toBe('/admin/team')
		const evil = await (
			await anonymous(session.server.url)
		).post('/admin/login', { email: ADMIN.email, password: ADMIN.password, redirectTo: '//evil.example/admin' })
		expect(evil.headers.get('location')).toBe('/admin')
	})

	test('wrong credentials keep the email, never the password, and say so in the chosen language', async () => {
		const visitor = await anonymous(session.server.url)
		const response = await visitor.post('/admin/login?lang=en', {
			email: 'someone@tolk.example',
			password: 'secret-guess-123',
			lang: 'en',
		})
		expect(response.status).toBe(401)
		const html = await response.text()
		expect(html).toContain('value="someone@tolk.example"')
		expect(html).not.toContain('secret-guess-123')
		expect(textOf(html)).toContain('Wrong email or password.')
	})
})

describe('editors', () => {
	let editor: StaffClient
	beforeAll(async () => {
		const created = await session.admin.post('/admin/users/new', {
			name: 'Eddie Editor',
			email: 'eddie@tolk.example',
			role: 'editor',
			password: 'editor-password-1',
		})
		expect(created.status).toBe(302)
		editor = await logIn(session.server.url, 'eddie@tolk.example', 'editor-password-1')
	})

	test('manage content, and reorder only what is content', async () => {
		expect((await editor.get('/admin/faq', { headers: { accept: 'text/html' } })).status).toBe(200)
		const response = await editor.call('PATCH', '/admin/position', { model: 'faq_item', items: [2, 1] })
		expect(response.status).toBe(200)
		// The languages offered are the prices' side: a manager's.
		expect((await editor.call('PATCH', '/admin/position', { model: 'language', items: [2, 1] })).status).toBe(403)
	})

	test("neither change the agency's bank details nor read orders, invoices, exports or customers' documents", async () => {
		const changed = await editor.post('/admin/settings', { iban: 'DK0000000000000000', editorAutosave: 'on' })
		expect(changed.status).toBe(403)
		expect(await (await session.admin.get('/admin/settings')).text()).not.toContain('DK0000000000000000')
		const settings = textOf(await (await editor.get('/admin/settings', { headers: { accept: 'text/html' } })).text())
		expect(settings).not.toMatch(/IBAN/i)
		for (const path of [
			'/admin/orders',
			'/admin/orders/1',
			'/admin/orders/export',
			'/admin/requests',
			'/admin/requests/export',
			'/admin/requests/1/documents/x',
			'/admin/invoices/1/pdf',
			'/admin/invoices/1/xml',
		]) {
			expect((await editor.get(path, { headers: { accept: 'text/html' } })).status, path).toBe(403)
			expect((await editor.call('GET', path)).status, path).toBe(403)
		}
	})

	test('do not see or reach staff accounts and the audit log', async () => {
		const dashboard = await (await editor.get('/admin', { headers: { accept: 'text/html' } })).text()
		expect(dashboard).not.toContain('href="/admin/users"')
		expect(dashboard).not.toContain('href="/admin/audit"')
		for (const path of ['/admin/users', '/admin/users/new', '/admin/users/1', '/admin/audit']) {
			const page = await editor.get(path, { headers: { accept: 'text/html' } })
			expect(page.status, path).toBe(403)
			for (const method of ['GET', 'POST', 'DELETE']) {
				const call = await editor.call(
					method,
					path,
					method === 'GET'
						? undefined
						: { name: 'x', email: 'x@tolk.example', role: 'admin', password: 'x'.repeat(12) },
				)
				expect(call.status, `${method} ${path}`).toBe(403)
				expect(await call.json()).toEqual({ error: 'Only administrators may do this.' })
			}
		}
		const promote = await editor.post('/admin/users/new', {
			name: 'Mallory',
			email: 'mallory@tolk.example',
			role: 'admin',
			password: 'mallory-password',
		})
		expect(promote.status).toBe(403)
		expect(await (await session.admin.get('/admin/users')).text()).not.toContain('mallory@tolk.example')
	})

	test('are signed out everywhere when an admin changes their role', async () => {
		const other = await session.admin.post('/admin/users/new', {
			name: 'Otto',
			email: 'otto@tolk.example',
			role: 'editor',
			password: 'otto-password-12',
		})
		const ottoId =
			new URL(other.headers.get('location')!, session.server.url).pathname === '/admin/users'
				? await idOf('otto@tolk.example')
				: 0
		const otto = await logIn(session.server.url, 'otto@tolk.example', 'otto-password-12')
		expect((await otto.get('/admin', { headers: { accept: 'text/html' } })).status).toBe(200)
		const changed = await session.admin.post(`/admin/users/${ottoId}`, {
			name: 'Otto',
			email: 'otto@tolk.example',
			role: 'admin',
			password: '',
		})
		expect(changed.status).toBe(302)
		expect((await otto.get('/admin', { headers: { accept: 'text/html' } })).status).toBe(302)
	})

	test('can be signed out everywhere by an admin', async () => {
		const eddieId = await idOf('eddie@tolk.example')
		const form = await (await session.admin.get(`/admin/users/${eddieId}`)).text()
		expect(textOf(form)).toMatch(/Logget ind i ([1-9]\d* browsere|én browser)/)
		const again = await logIn(session.server.url, 'eddie@tolk.example', 'editor-password-1')
		expect((await session.admin.post(`/admin/users/${eddieId}/sessions`, {})).status).toBe(302)
		for (const client of [editor, again])
			expect((await client.get('/admin', { headers: { accept: 'text/html' } })).status).toBe(302)
		expect(textOf(await (await session.admin.get(`/admin/users/${eddieId}`)).text())).toContain(
			'Logget ind i 0 browsere',
		)
	})
})

// The role table (app/models/staff/roles.ts) walked over the route table: every admin address
// belongs to an area, and each role gets exactly what its areas give, as a page and as a call.
describe('roles', () => {
	const ROUTE_PATHS = (() => {
		const walk = (entries: RouteEntry[]): string[] =>
			entries.flatMap((entry) => [
				...(entry.path?.startsWith('admin') && !PUBLIC_ADMIN_ROUTES.includes(entry.path) ? [`/${entry.path}`] : []),
				...walk(entry.children ?? []),
			])
		return walk(routes as RouteEntry[])
	})()
	const WORK_PATHS = (() => {
		const walk = (entries: RouteEntry[]): string[] =>
			entries.flatMap((entry) => [
				...(entry.path?.startsWith('work') ? [`/${entry.path}`] : []),
				...walk(entry.children ?? []),
			])
		return walk(routes as RouteEntry[])
	})()
	const concrete = (path: string) => path.replace(/:\w+/g, '1').replace('*', 'no-such-page')
	const clients: Partial<Record<StaffRole, StaffClient>> = {}
	beforeAll(async () => {
		clients.admin = session.admin
		for (const role of ['manager', 'editor', 'translator'] as const) {
			const email = `${role}-matrix@tolk.example`
			expect(
				(await session.admin.post('/admin/users/new', { name: role, email, role, password: `${role}-password-123` }))
					.status,
			).toBe(302)
			clients[role] = await logIn(session.server.url, email, `${role}-password-123`)
		}
	})

	test('no admin route is without its area', () => {
		const segments = ROUTE_PATHS.filter((path) => !path.endsWith('*')).map((path) => path.split('/')[2] ?? '')
		expect(segments.filter((segment) => !isKnownAdminSegment(segment))).toEqual([])
	})

	test("the Danish walk's own checks see English texts and a wrong plural", () => {
		expect(ENGLISH_RUNS.length).toBeGreaterThan(300)
		expect(englishIn('Næste levering · Save the choice · Gem valget')).toEqual(['Save the choice'])
		expect(wrongPluralsIn('1 fakturaer, 21 fakturaer, 1 faktura, 1 åbne ordrer')).toEqual(['1 fakturaer', '1 åbne'])
	})

	test('each role opens what its areas give, and gets 403 for the rest, as a page and as a call', async () => {
		for (const role of STAFF_ROLES) {
			const client = clients[role]!
			for (const path of ROUTE_PATHS.map(concrete).filter((path) => path !== '/admin/logout')) {
				const allowed = mayOpen(role, areaOfPath(path)!)
				const page = await client.get(path, { headers: { accept: 'text/html' } })
				// A call that reads: nothing is changed by walking the table (an admin's POST would sign
				// them out of /admin/users/1/sessions).
				const call = await client.call('GET', path)
				if (allowed) {
					expect([401, 403], `${role} page ${path}`).not.toContain(page.status)
					expect([401, 403], `${role} call ${path}`).not.toContain(call.status)
					// What the page says is said in words, never as the name of a text (but on the page
					// that edits the texts by their names).
					if (
						page.status === 200 &&
						page.headers.get('content-type')?.includes('text/html') &&
						path !== '/admin/translations'
					) {
						const text = textOf(await page.text())
						expect(rawKeysIn(text), `${role} page ${path}`).toEqual([])
						// The admin reads Danish: none of the back office's English texts, no "1 fakturaer".
						if (role === 'admin') {
							expect(englishIn(text), `${role} page ${path}`).toEqual([])
							expect(wrongPluralsIn(text), `${role} page ${path}`).toEqual([])
						}
					}
				} else if (role === 'translator') {
					// A translator's browser is sent to their own pages; their calls are refused.
					expect(page.headers.get('location'), `${role} page ${path}`).toBe('/work')
					expect(call.status, `${role} call ${path}`).toBe(403)
				} else {
					expect(page.status, `${role} page ${path}`).toBe(403)
					expect(call.status, `${role} call ${path}`).toBe(403)
				}
			}
		}
	})

	// React Router reads /Admin, /%61dmin, //admin and /./admin as /admin: each such spelling of every
	// admin and /work address, for every role and nobody, as a page and as a call that reads or
	// writes, is sent to the canonical address before anything runs.
	test('every spelling of every admin and /work address is sent to its canonical spelling', async () => {
		const patterns = routePaths(routes as RouteEntry[], ['admin', 'work'])
		expect(patterns.length).toBeGreaterThan(70)
		const visitor = await anonymous(session.server.url)
		const everyone = [visitor, ...STAFF_ROLES.map((role) => clients[role]!)]
		const json = {
			'content-type': 'application/json',
			accept: 'application/json',
			'x-requested-with': 'XMLHttpRequest',
		}
		let walked = 0
		for (const pattern of patterns) {
			const canonical = concreteOf(pattern)
			const asked = spellingsOf(pattern).flatMap((spelled) =>
				everyone.flatMap(({ cookie, csrfToken }) => {
					const send = (method: string, headers: Record<string, string>, body?: string) =>
						sendAsWritten(session.server.url, method, spelled, { cookie, ...headers }, body)
					const call = { ...json, 'x-csrf-token': csrfToken }
					const form = new URLSearchParams({ authenticity_token: csrfToken, role: 'admin' }).toString()
					return [
						send('GET', { accept: 'text/html' }).then((answer) => ({ ...answer, spelled: `GET page ${spelled}` })),
						send('GET', call).then((answer) => ({ ...answer, spelled: `GET ${spelled}` })),
						send('POST', call, '{"role":"admin"}').then((answer) => ({ ...answer, spelled: `POST ${spelled}` })),
						send('POST', { 'content-type': 'application/x-www-form-urlencoded' }, form).then((answer) => ({
							...answer,
							spelled: `POST form ${spelled}`,
						})),
						send('DELETE', call).then((answer) => ({ ...answer, spelled: `DELETE ${spelled}` })),
					]
				}),
			)
			for (const { status, location, spelled } of await Promise.all(asked)) {
				expect(status, `${spelled} -> ${canonical}`).toBe(308)
				expect(location, `${spelled} -> ${canonical}`).toBe(canonical)
				walked++
			}
		}
		expect(walked).toBeGreaterThan(patterns.length * 8 * everyone.length * 5)
	})

	test('an address spelled otherwise gives what its canonical spelling gives, followed as a browser would', async () => {
		const follow = (client: StaffClient, path: string, init: RequestInit = {}) =>
			client.get(path, { ...init, redirect: 'follow' })
		for (const role of ['editor', 'translator', 'manager'] as const) {
			const client = clients[role]!
			const body = new URLSearchParams({
				authenticity_token: client.csrfToken,
				name: 'Mallory',
				email: `mallory-${role}@tolk.example`,
				role: 'admin',
				password: 'mallory-password-1',
			})
			for (const spelled of ['/Admin/users/new', '/%61dmin/users/new', '/admin/%75sers/new', '//admin/users/new'])
				expect((await follow(client, spelled, { method: 'POST', body })).status, `${role} ${spelled}`).toBe(403)
			for (const spelled of ['/%61dmin/orders/export', '/Admin/invoices/bank', '/Admin/payables/export'])
				if (role !== 'manager')
					expect((await follow(client, spelled, { headers: { accept: 'application/json' } })).status).toBe(403)
		}
		expect(await (await session.admin.get('/admin/users')).text()).not.toContain('mallory-')
	})

	// The settings form as the role sees it: every field it shows, with its value.
	async function settingsForm(client: StaffClient): Promise<Record<string, string>> {
		const html = await (await client.get('/admin/settings', { headers: { accept: 'text/html' } })).text()
		const fields: Record<string, string> = {}
		for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
			const name = /\bname="([^"]+)"/.exec(input)?.[1]
			if (!name || ['authenticity_token', 'redirectTo', 'locale'].includes(name)) continue
			if (/type="checkbox"/.test(input)) {
				if (/\bchecked=""/.test(input)) fields[name] = 'on'
			} else fields[name] = /\bvalue="([^"]*)"/.exec(input)?.[1] ?? ''
		}
		return fields
	}

	test("each role saves the settings of its own groups, and the others' stay as they were", async () => {
		const before = await settingsForm(session.admin)
		const manager = await settingsForm(clients.manager!)
		expect(Object.keys(manager)).toContain('wordsPerDay')
		expect(Object.keys(manager)).not.toContain('iban')
		expect(Object.keys(manager)).not.toContain('agencyName')
		const saved = await clients.manager!.post('/admin/settings', {
			...manager,
			wordsPerDay: String(Number(manager.wordsPerDay) + 1),
		})
		expect(saved.status).toBe(302)
		const editor = await settingsForm(clients.editor!)
		expect(Object.keys(editor)).toEqual(['editorAutosave'].filter((name) => name in editor))
		expect((await clients.editor!.post('/admin/settings', { editorAutosave: 'on' })).status).toBe(302)
		const after = await settingsForm(session.admin)
		expect(after).toEqual({ ...before, wordsPerDay: String(Number(before.wordsPerDay) + 1), editorAutosave: 'on' })
	})

	// /work is a translator's: staff of every other role are refused there, as a page and as a call.
	test("each staff role is refused a translator's pages", async () => {
		const workPaths = WORK_PATHS.map(concrete).filter((path) => !['/work/login', '/work/logout'].includes(path))
		expect(workPaths.length).toBeGreaterThan(4)
		for (const role of STAFF_ROLES.filter((role) => role !== 'translator')) {
			for (const path of workPaths) {
				expect((await clients[role]!.get(path, { headers: { accept: 'text/html' } })).status, `${role} ${path}`).toBe(
					403,
				)
				expect((await clients[role]!.call('GET', path)).status, `${role} ${path}`).toBe(403)
			}
		}
		expect((await clients.translator!.get('/work', { headers: { accept: 'text/html' } })).status).toBe(200)
	})

	test('the menu shows each role what it opens', async () => {
		for (const role of STAFF_ROLES.filter((role) => role !== 'translator')) {
			const html = await (await clients[role]!.get('/admin', { headers: { accept: 'text/html' } })).text()
			const links = [...html.matchAll(/href="(\/admin\/[\w-]+)"/g)].map((match) => match[1]!)
			for (const link of new Set(links)) expect(mayOpen(role, areaOfPath(link)!), `${role} sees ${link}`).toBe(true)
		}
	})
})

async function idOf(email: string): Promise<number> {
	const html = await (await session.admin.get('/admin/users')).text()
	const match = new RegExp(
		`href="/admin/users/(\\d+)"[^>]*>[^<]*</a>(?:(?!href="/admin/users/).)*${email.replace('.', '\\.')}`,
		's',
	).exec(html)
	if (!match) throw new Error(`no user ${email} in the list`)
	return Number(match[1])
}
