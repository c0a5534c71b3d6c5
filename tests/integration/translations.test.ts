import { describe, expect, test } from 'vitest'
import { anonymous, ADMIN_ENV, logIn, setupStaffServer, type StaffClient } from '#tests/setup/admin.ts'
import { textOf } from '#tests/setup/http.ts'
import { startServer } from '#tests/setup/server.ts'

const session = setupStaffServer()

const DEFAULT_TITLE = 'Translations you can trust – at a price you know up front'
const patch = (client: StaffClient, translation: Record<string, unknown>) =>
	client.call('PATCH', '/admin/translations', { translation })
const homeTitle = async (url: string, path = '/en') =>
	(await (await fetch(url + path)).text()).match(/<h1[^>]*>([\s\S]*?)<\/h1>/)![1]

describe('editing a text in place', () => {
	test('is refused without a staff session or without the token, and changes nothing', async () => {
		const visitor = await anonymous(session.server.url)
		const refused = await patch(visitor, { locale: 'en', key: 'home.title', value: 'Defaced' })
		expect(refused.status).toBe(401)
		const withoutToken = await session.admin.get('/admin/translations', {
			method: 'PATCH',
			body: JSON.stringify({ translation: { locale: 'en', key: 'home.title', value: 'Defaced' } }),
			headers: { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
		})
		expect(withoutToken.status).toBe(403)
		expect(await homeTitle(session.server.url)).toBe(DEFAULT_TITLE)
	})

	test('is cleaned to inline formatting and links, stored, and shown to every visitor at once', async () => {
		// Read once, so any cache the server keeps is warm.
		expect(await homeTitle(session.server.url)).toBe(DEFAULT_TITLE)
		const response = await patch(session.admin, {
			locale: 'en',
			key: 'home.title',
			value:
				'Translations <b>you can trust</b><script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">today</a>',
		})
		expect(response.status).toBe(200)
		const stored = 'Translations <b>you can trust</b> <a>today</a>'
		expect(await response.json()).toEqual({ translation: { locale: 'en', key: 'home.title', value: stored } })
		expect(await homeTitle(session.server.url)).toBe(stored)
		// The other language keeps its own text.
		expect(await homeTitle(session.server.url, '/')).not.toContain('you can trust')
	})

	test('takes only known keys, a language of the site, and some text', async () => {
		for (const [translation, status] of [
			[{ locale: 'en', key: 'no.such.key', value: 'x' }, 422],
			[{ locale: 'fr', key: 'home.title', value: 'x' }, 422],
			[{ locale: 'en', key: 'home.title', value: '   ' }, 422],
			[{ locale: 'en', key: 'home.title', value: 'x'.repeat(5001) }, 422],
		] as const) {
			expect((await patch(session.admin, translation)).status, JSON.stringify(translation).slice(0, 60)).toBe(status)
		}
	})

	test('the markup for it reaches staff only', async () => {
		const html = await (await fetch(`${session.server.url}/en/prices`)).text()
		expect(html).not.toContain('data-controller="translation"')
		expect(html).not.toContain('data-key=')
		expect(html).not.toContain('Edit texts')
		const staffHtml = await (await session.admin.get('/en/prices')).text()
		expect(staffHtml).toMatch(/<h1[^>]*><span data-controller="translation" data-key="prices.title" data-locale="en"/)
	})
})

describe('the texts page', () => {
	const english = { headers: { 'accept-language': 'en' } }

	test('finds texts by key or words, saves one, and reverts it to the file’s default', async () => {
		const found = await (await session.admin.get('/admin/translations?q=howTitle', english)).text()
		expect(found).toContain('home.howTitle')
		expect(found).not.toContain('home.faqTitle')
		expect(await (await session.admin.get('/admin/translations?q=no-text-says-this', english)).text()).toMatch(
			/0 of \d+ texts/,
		)

		const saved = await session.admin.post('/admin/translations', {
			intent: 'save',
			key: 'home.faqTitle',
			locale: 'en',
			value: 'Questions people ask',
		})
		expect(saved.status).toBe(302)
		const home = await (await fetch(`${session.server.url}/en`)).text()
		expect(home).toContain('Questions people ask')
		const listed = await (await session.admin.get('/admin/translations?q=faqTitle', english)).text()
		// The badge, not the word somewhere in the page's messages.
		expect(listed).toMatch(/<span[^>]*>changed<\/span>/)

		const empty = await session.admin.post(
			'/admin/translations?edit=home.faqTitle',
			{ intent: 'save', key: 'home.faqTitle', locale: 'en', value: ' ' },
			{ headers: { accept: 'text/html', 'accept-language': 'en' } },
		)
		expect(empty.status).toBe(422)
		expect(await empty.text()).toMatch(/role="alert"[^>]*>Enter a text, or revert to the default\.</)

		expect(
			(await session.admin.post('/admin/translations', { intent: 'revert', key: 'home.faqTitle', locale: 'en' }))
				.status,
		).toBe(302)
		expect(await (await fetch(`${session.server.url}/en`)).text()).not.toContain('Questions people ask')
	})
})

// Only PostgreSQL can be shared by two processes (CI's second pass sets DATABASE_URL).
describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
	test('a text edited through one shows at once through the other, whose messages were cached', async () => {
		const first = await startServer(ADMIN_ENV)
		const second = await startServer(ADMIN_ENV, { database: first.database })
		try {
			expect(await homeTitle(second.url)).toBe(DEFAULT_TITLE)
			const staff = await logIn(first.url)
			expect(
				(await patch(staff, { locale: 'en', key: 'home.title', value: 'Edited in the first process' })).status,
			).toBe(200)
			await expect
				.poll(() => homeTitle(second.url), { timeout: 2_000, interval: 50 })
				.toBe('Edited in the first process')
		} finally {
			await second.stop()
			await first.stop()
		}
	})
})

describe('the texts page', () => {
	test('groups the texts by the page they appear on, each with a readable label before its code name', async () => {
		const html = await (await session.admin.get('/admin/translations')).text()
		const headings = [...html.matchAll(/<th id="texts-(\w+)"[^>]*>([^<]*)</g)].map((match) => [match[1], match[2]])
		expect(headings).toEqual([
			['everywhere', 'På alle sider (menu, bund, banner)'],
			['home', 'Forsiden'],
			['prices', 'Priser'],
			['order', 'Bestilling og forespørgsel'],
			['quote', 'Tilbud og ordre'],
			['faq', 'FAQ'],
			['about', 'Om os'],
			['contact', 'Kontakt'],
			['account', 'Min konto'],
			['mail', 'E-mails og fakturaer'],
		])
		// The calculator's texts sit under Prices, named before their key.
		const prices = textOf(html.slice(html.indexOf('id="texts-prices"'), html.indexOf('id="texts-order"')))
		expect(prices).toContain('Prisberegner calculator.title')
		expect(prices).not.toContain('request.title')
	})
})
