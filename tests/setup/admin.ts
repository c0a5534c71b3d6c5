import { afterAll, beforeAll } from 'vitest'
import { visit } from '#tests/setup/http.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

export const ADMIN = { email: 'admin@tolk.example', password: 'correct-horse-battery-staple', name: 'admin' }
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }

export type StaffClient = {
	cookie: string
	csrfToken: string
	get: (path: string, init?: RequestInit) => Promise<Response>
	// A form post the way a browser without script sends it.
	post: (path: string, fields: Record<string, string | string[]>, init?: RequestInit) => Promise<Response>
	// A scripted JSON call with the spec's headers.
	call: (method: string, path: string, body?: unknown) => Promise<Response>
}

function cookiesOf(response: Response): string[] {
	return response.headers.getSetCookie().map((header) => header.split(';')[0]!)
}

export function clientFor(baseUrl: string, cookie: string, csrfToken: string): StaffClient {
	const get = (path: string, init: RequestInit = {}) =>
		fetch(baseUrl + path, {
			redirect: 'manual',
			...init,
			headers: { cookie, ...(init.headers as Record<string, string>) },
		})
	return {
		cookie,
		csrfToken,
		get,
		post: (path, fields, init = {}) => {
			const body = new URLSearchParams({ authenticity_token: csrfToken })
			for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item)
			return get(path, { method: 'POST', body, ...init })
		},
		call: (method, path, body) =>
			get(path, {
				method,
				body: body === undefined ? undefined : JSON.stringify(body),
				headers: {
					'content-type': 'application/json',
					accept: 'application/json',
					'x-requested-with': 'XMLHttpRequest',
					'x-csrf-token': csrfToken,
				},
			}),
	}
}

export async function anonymous(baseUrl: string): Promise<StaffClient> {
	const visitor = await visit(baseUrl, '/admin/login')
	return clientFor(baseUrl, visitor.cookie, visitor.csrfToken)
}

export async function attemptLogin(
	baseUrl: string,
	email: string,
	password: string,
	headers: Record<string, string> = {},
) {
	const visitor = await anonymous(baseUrl)
	const response = await visitor.post(
		'/admin/login',
		{ email, password },
		{ headers: { cookie: visitor.cookie, ...headers } },
	)
	return { visitor, response }
}

export async function logIn(baseUrl: string, email = ADMIN.email, password = ADMIN.password): Promise<StaffClient> {
	const { visitor, response } = await attemptLogin(baseUrl, email, password)
	if (response.status !== 302) throw new Error(`login as ${email} failed with ${response.status}`)
	const cookie = [visitor.cookie, ...cookiesOf(response)].filter(Boolean).join('; ')
	// Staff tokens are bound to the session, as the first page after signing in carries them
	// (the admin's, or a translator's /work).
	const landing = response.headers.get('location') ?? '/admin'
	const page = await (await fetch(`${baseUrl}${landing}`, { headers: { cookie } })).text()
	const csrfToken = page.match(/<meta name="csrf-token" content="([^"]+)"/)?.[1]
	if (!csrfToken) throw new Error('the admin page after login carries no CSRF token')
	return clientFor(baseUrl, cookie, csrfToken)
}

export type StaffServer = { readonly server: RunningServer; readonly admin: StaffClient }

// One built server with the admin account from the environment, and the admin signed in, for the
// tests of a file.
export function setupStaffServer(env: Record<string, string> = {}): StaffServer {
	let server: RunningServer | undefined
	let admin: StaffClient | undefined
	beforeAll(async () => {
		server = await startServer({ ...ADMIN_ENV, ...env })
		admin = await logIn(server.url)
	})
	afterAll(() => server?.stop())
	return {
		get server() {
			return server!
		},
		get admin() {
			return admin!
		},
	}
}
