import { describe, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import routes from '#app/routes.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { requestInfoContext, servicesContext, staffContext } from '#app/http/context.server.ts'
import { testServices } from '#tests/setup/services.ts'
import { PUBLIC_ADMIN_ROUTES } from '#app/utils/admin-paths.ts'

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }
type Handler = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => unknown
type RouteModule = { loader?: Handler; action?: Handler }

function adminRoutes(entries: RouteEntry[]): { path: string; file: string }[] {
	return entries.flatMap((entry) => [
		...(entry.path?.startsWith('admin') && !PUBLIC_ADMIN_ROUTES.includes(entry.path)
			? [{ path: `/${entry.path}`, file: entry.file }]
			: []),
		...adminRoutes(entry.children ?? []),
	])
}

// A database that fails the test if anything reaches it before the guard.
const untouchable = new Proxy(
	{},
	{
		get: (_, name) => {
			throw new Error(`the database was used (${String(name)}) before the guard`)
		},
	},
)

function contextFor(staff: Staff | null) {
	const context = new RouterContextProvider()
	context.set(servicesContext, testServices({ db: untouchable as never }))
	context.set(requestInfoContext, { csrfToken: '', nonce: '', clientAddress: '127.0.0.1' })
	context.set(staffContext, staff)
	return context
}

async function thrown(run: () => unknown): Promise<Response> {
	try {
		await run()
	} catch (error) {
		if (error instanceof Response) return error
		if (error && typeof error === 'object' && 'init' in error) {
			const { data, init } = error as { data: unknown; init: ResponseInit | null }
			return Response.json(data, init ?? undefined)
		}
		throw error
	}
	throw new Error('the handler ran without a guard')
}

const EDITOR: Staff = { id: 99, email: 'e@tolk.example', name: 'E', role: 'editor', sessionId: 'x' }
const ADMIN_ONLY = /^\/admin\/(users|audit|backups)/

// The server's gate is only the outer wall: each loader and action must refuse on its own,
// because React Router runs matched loaders in parallel and a data request picks which ones run.
describe('every admin loader and action checks who is asking', () => {
	const entries = adminRoutes(routes as RouteEntry[])

	test.each(entries)('$path ($file)', async ({ path, file }) => {
		const module = (await import(/* @vite-ignore */ `../../${file}`)) as RouteModule
		const url = `http://localhost${path.replace(':id', '1').replace('*', 'nope')}`
		const params = { id: '1' }
		expect(module.loader || module.action, 'a route without handlers').toBeTruthy()
		if (module.loader) {
			const page = await thrown(() =>
				module.loader!({
					request: new Request(url, { headers: { accept: 'text/html' } }),
					params,
					context: contextFor(null),
				}),
			)
			expect(page.status).toBe(302)
			expect(page.headers.get('location')).toMatch(/^\/admin\/login/)
			const call = await thrown(() =>
				module.loader!({
					request: new Request(url, { headers: { accept: 'application/json' } }),
					params,
					context: contextFor(null),
				}),
			)
			expect(call.status).toBe(401)
		}
		if (module.action) {
			const request = new Request(url, { method: 'POST', body: '{}', headers: { accept: 'application/json' } })
			expect((await thrown(() => module.action!({ request, params, context: contextFor(null) }))).status).toBe(401)
		}
		if (ADMIN_ONLY.test(path)) {
			for (const handler of [module.loader, module.action].filter(Boolean)) {
				const request = new Request(url, {
					method: handler === module.action ? 'POST' : 'GET',
					body: handler === module.action ? '{}' : undefined,
				})
				expect((await thrown(() => handler!({ request, params, context: contextFor(EDITOR) }))).status).toBe(403)
			}
		}
	})
})

function workRoutes(entries: RouteEntry[]): { path: string; file: string }[] {
	return entries.flatMap((entry) => [
		...(entry.path?.startsWith('work') && entry.path !== 'work/login'
			? [{ path: `/${entry.path}`, file: entry.file }]
			: []),
		...workRoutes(entry.children ?? []),
	])
}

// A translator's pages guard themselves the same way: nobody signed in is sent to the sign-in (or
// gets 401), staff of any other role get 403, before the database is touched.
describe("every translator's loader and action checks who is asking", () => {
	test.each(workRoutes(routes as RouteEntry[]))('$path ($file)', async ({ path, file }) => {
		const module = (await import(/* @vite-ignore */ `../../${file}`)) as RouteModule
		const url = `http://localhost${path.replace(/:\w+/g, '1')}`
		const params = { id: '1', documentId: '1', fileId: '1' }
		for (const handler of [module.loader, module.action].filter(Boolean)) {
			const post = handler === module.action
			const page = await thrown(() =>
				handler!({
					request: new Request(url, {
						method: post ? 'POST' : 'GET',
						body: post ? '{}' : undefined,
						headers: { accept: post ? 'application/json' : 'text/html' },
					}),
					params,
					context: contextFor(null),
				}),
			)
			expect(page.status).toBe(post ? 401 : 302)
			if (!post) expect(page.headers.get('location')).toMatch(/^\/work\/login/)
			const staff = await thrown(() =>
				handler!({
					request: new Request(url, { method: post ? 'POST' : 'GET', body: post ? '{}' : undefined }),
					params,
					context: contextFor(EDITOR),
				}),
			)
			expect(staff.status).toBe(403)
		}
	})
})
