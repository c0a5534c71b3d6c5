import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn, setupStaffServer } from '#tests/setup/admin.ts'
import { textOf, visit } from '#tests/setup/http.ts'
import { startServer } from '#tests/setup/server.ts'

const session = setupStaffServer()
const url = (path: string) => session.server.url + path
const pageText = async (path: string, init: RequestInit = {}) => textOf(await (await fetch(url(path), init)).text())

describe('public pages from the page cache', () => {
	test('are served precompressed by Accept-Encoding, with a strong ETag, and 304 when it matches', async () => {
		const plain = await fetch(url('/en/faq'), { headers: { 'accept-encoding': 'identity' } })
		const html = await plain.text()
		const etag = plain.headers.get('etag')!
		expect(etag).toMatch(/^"[\w-]+"$/)
		expect(plain.headers.get('cache-control')).toBe('public, no-cache')
		expect(plain.headers.get('vary')).toBe('Accept-Encoding')

		// node:http, so the bytes arrive as sent (fetch would decode them).
		for (const [encoding, decode] of [
			['br', brotliDecompressSync],
			['gzip', gunzipSync],
		] as const) {
			const { headers, body } = await rawGet('/en/faq', { 'accept-encoding': `${encoding}, identity;q=0.5` })
			expect(headers['content-encoding']).toBe(encoding)
			expect(headers.etag).toBe(etag)
			expect(decode(body).toString('utf8')).toBe(html)
		}
		expect((await rawGet('/en/faq', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip')

		const revalidated = await fetch(url('/en/faq'), { headers: { 'if-none-match': etag } })
		expect(revalidated.status).toBe(304)
		expect(await revalidated.text()).toBe('')
		expect(revalidated.headers.get('etag')).toBe(etag)
		expect((await fetch(url('/en/faq'), { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200)
		const head = await fetch(url('/en/faq'), { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(await head.text()).toBe('')
	})

	test('are rendered whole: nothing in them waits for script to be put in place', async () => {
		// A part that suspends (a lazily loaded component, awaited data) would otherwise be streamed
		// after the rest, hidden, for script to reveal: the cached page would keep it hidden.
		const html = await (await fetch(url('/en/about'))).text()
		expect(html).not.toContain('<div hidden id="S:')
		expect([...html.matchAll(/<noscript><div class="rich-text/g)]).toHaveLength(3)
	})

	test('a change of each kind is on the very next anonymous request', async () => {
		const admin = session.admin
		// Warm every page first, so each check below reads a page that was cached before the change.
		const warm = () =>
			Promise.all(
				['/', '/en', '/en/faq', '/en/about', '/en/prices', '/en/contact', '/en/p/cache-terms', '/sitemap.xml'].map(
					(path) => fetch(url(path)),
				),
			)

		await warm()
		expect((await fetch(url('/en/p/cache-terms'))).status).toBe(404)
		const page = {
			titleDa: 'Cachevilkår',
			titleEn: 'Cache terms',
			slugDa: 'cache-vilkaar',
			slugEn: 'cache-terms',
			bodyDa: '<p>Dansk.</p>',
			bodyEn: '<p>Fresh terms.</p>',
			published: 'on',
		}
		expect((await admin.post('/admin/pages/new', page)).status).toBe(302)
		expect(await pageText('/en/p/cache-terms')).toContain('Fresh terms.')
		expect(await (await fetch(url('/sitemap.xml'))).text()).toContain('/en/p/cache-terms')

		await warm()
		const faq = {
			questionDa: 'Må katte bestille?',
			questionEn: 'May cats order?',
			answerDa: '<p>Ja.</p>',
			answerEn: '<p>Of course.</p>',
		}
		expect((await admin.post('/admin/faq/new', faq)).status).toBe(302)
		expect(await pageText('/en/faq')).toContain('May cats order?')

		await warm()
		const member = {
			name: 'Cache Holm',
			titleDa: 'Translatør',
			titleEn: 'Translator',
			bioDa: '',
			bioEn: '',
			photoUrl: '',
			pairs: ['1-12'],
		}
		expect((await admin.post('/admin/team/new', member)).status).toBe(302)
		expect(await pageText('/en/about')).toContain('Cache Holm')

		await warm()
		expect(
			(await admin.post('/admin/languages/new', { code: 'fo', nameDa: 'Færøsk', nameEn: 'Faroese', active: 'on' }))
				.status,
		).toBe(302)
		expect(await pageText('/en')).toContain('Faroese')

		await warm()
		// The common price: every pair without its own costs it, and the home page's "from" follows.
		expect(
			(
				await admin.post('/admin/prices/defaults', {
					defaultPricePerWord: '1,17',
					minimumOrder: '500',
					currency: 'DKK',
				})
			).status,
		).toBe(302)
		expect(await pageText('/')).toContain('Fra 1,17 kr. pr. ord uden moms')

		await warm()
		const saved = await admin.call('PATCH', '/admin/translations', {
			translation: { locale: 'en', key: 'home.faqTitle', value: 'Asked a lot' },
		})
		expect(saved.status).toBe(200)
		expect(await pageText('/en')).toContain('Asked a lot')
	})

	test("a staff member's page, token or editing markup never reaches an anonymous visitor, and staff never get the shared page", async () => {
		const staffPage = await (await session.admin.get('/en/prices')).text()
		expect(staffPage).toContain('data-controller="translation"')
		const anonymousPage = await (await fetch(url('/en/prices'))).text()
		expect(anonymousPage).not.toContain('data-controller="translation"')
		expect(anonymousPage).not.toContain(session.admin.csrfToken)
		expect(await (await session.admin.get('/en/prices')).text()).toContain('data-controller="translation"')
		// The flash after a staff action stays with that staff member.
		const created = await session.admin.post('/admin/faq-categories/new', { nameDa: 'Flash', nameEn: 'Flash' })
		expect(created.headers.getSetCookie().some((cookie) => cookie.startsWith('tolk_flash='))).toBe(true)
		expect(await (await fetch(url('/en/prices'))).text()).not.toMatch(/tolk_flash|Oprettede/)
	})

	test("a visitor's order page and dismissed banner stay theirs", async () => {
		const alice = await visit(session.server.url, '/en/order')
		const form = new FormData()
		form.append('file', new Blob(['Alice har et hemmeligt dokument.']), 'alice-secret.txt')
		const uploaded = await alice.get('/en/order/documents', {
			method: 'POST',
			body: form,
			headers: { 'x-csrf-token': alice.csrfToken, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
		})
		expect(uploaded.status).toBe(201)
		const orderCookie = uploaded.headers
			.getSetCookie()
			.map((cookie) => cookie.split(';')[0])
			.join('; ')
		expect(await pageText('/en/order', { headers: { cookie: orderCookie } })).toContain('alice-secret.txt')
		expect(await pageText('/en/order')).not.toContain('alice-secret.txt')
		// Alice's other pages may come from the cache; her documents are on none of them.
		expect(await pageText('/en', { headers: { cookie: orderCookie } })).not.toContain('alice-secret.txt')

		const dismissed = await alice.get('/banner', {
			method: 'POST',
			headers: { 'x-csrf-token': alice.csrfToken, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
		})
		const bannerCookie = dismissed.headers
			.getSetCookie()
			.map((cookie) => cookie.split(';')[0])
			.join('; ')
		const banner = '<aside aria-label="Notice"'
		expect(await (await fetch(url('/en/faq'), { headers: { cookie: bannerCookie } })).text()).not.toContain(banner)
		expect(await (await fetch(url('/en/faq'))).text()).toContain(banner)
		expect(await (await fetch(url('/en/faq'), { headers: { cookie: bannerCookie } })).text()).not.toContain(banner)
	})
})

describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
	test('a change through one is on the other at once, though it had the page cached', async () => {
		const first = session.server
		const second = await startServer(ADMIN_ENV, { database: first.database })
		try {
			expect(await pageText('/en/faq')).not.toContain('Asked across processes?')
			const cached = await (await fetch(`${second.url}/en/faq`)).text()
			expect(cached).not.toContain('Asked across processes?')
			const admin = await logIn(first.url)
			const faq = {
				questionDa: 'Spurgt på tværs?',
				questionEn: 'Asked across processes?',
				answerDa: '<p>Ja.</p>',
				answerEn: '<p>Yes.</p>',
			}
			expect((await admin.post('/admin/faq/new', faq)).status).toBe(302)
			await expect
				.poll(async () => textOf(await (await fetch(`${second.url}/en/faq`)).text()), { timeout: 2_000, interval: 20 })
				.toContain('Asked across processes?')
		} finally {
			await second.stop()
		}
	})
})

function rawGet(
	path: string,
	headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
	return import('node:http').then(
		({ get }) =>
			new Promise((resolve, reject) => {
				get(url(path), { headers }, (response) => {
					const chunks: Buffer[] = []
					response.on('data', (chunk: Buffer) => chunks.push(chunk))
					response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
				}).on('error', reject)
			}),
	)
}
