import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn, type StaffClient } from '#tests/setup/admin.ts'
import { textOf, visit, type Visitor } from '#tests/setup/http.ts'
import { setupServerTests } from '#tests/setup/server.ts'

const server = setupServerTests(ADMIN_ENV)
let visitor: Visitor
let admin: StaffClient
beforeAll(async () => {
	visitor = await visit(server.url, '/priser')
	admin = await logIn(server.url)
})

function post(path: string, body: unknown) {
	return visitor.get(path, {
		method: 'POST',
		body: JSON.stringify(body),
		headers: {
			'content-type': 'application/json',
			accept: 'application/json',
			'x-requested-with': 'XMLHttpRequest',
			'x-csrf-token': visitor.csrfToken,
		},
	})
}

describe('the language-pair price check', () => {
	test('answers a pair with its own price, the minimum order and a worked example for 1,000 words', async () => {
		const response = await post('/priser/sprogpar', { from_language: 'da', to_language: 'ja' })
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({
			from: 'Dansk',
			to: 'Japansk',
			pricePerWord: 2.4,
			isDefaultPrice: false,
			minimumOrder: 500,
			currency: 'DKK',
			example: { words: 1000, total: 2400 },
		})
	})

	test('a pair without its own price costs the default price per word, and names the languages in the page language', async () => {
		const response = await post('/en/prices/pair', { from_language: 'de', to_language: 'da' })
		expect(await response.json()).toMatchObject({
			from: 'German',
			to: 'Danish',
			pricePerWord: 1.35,
			isDefaultPrice: true,
			example: { words: 1000, total: 1350 },
		})
	})

	test('a price the admin sets is the price the check answers', async () => {
		expect(
			(await admin.post('/admin/prices/new', { fromLanguageId: '4', toLanguageId: '1', pricePerWord: '1,45' })).status,
		).toBe(302)
		expect(await (await post('/priser/sprogpar', { from_language: 'sv', to_language: 'da' })).json()).toMatchObject({
			pricePerWord: 1.45,
			isDefaultPrice: false,
		})
		expect(
			(
				await admin.post('/admin/prices/defaults', {
					defaultPricePerWord: '1,5',
					minimumOrder: '2000',
					currency: 'DKK',
				})
			).status,
		).toBe(302)
		expect(await (await post('/priser/sprogpar', { from_language: 'de', to_language: 'da' })).json()).toMatchObject({
			pricePerWord: 1.5,
			minimumOrder: 2000,
			// 1,000 words at 1.50 is below the minimum order, so the example costs the minimum.
			example: { words: 1000, total: 2000 },
		})
	})

	test('refuses the same language twice and unknown or inactive codes with 422 and a message in the page language', async () => {
		const same = await post('/priser/sprogpar', { from_language: 'da', to_language: 'da' })
		expect(same.status).toBe(422)
		expect(await same.json()).toEqual({ error: 'Vælg to forskellige sprog.' })
		const unknown = await post('/en/prices/pair', { from_language: 'da', to_language: 'tlh' })
		expect(unknown.status).toBe(422)
		expect(await unknown.json()).toEqual({ error: 'We do not translate that language.' })
		expect((await post('/priser/sprogpar', { from_language: 'da' })).status).toBe(422)
		expect((await post('/priser/sprogpar', 'nonsense')).status).toBe(422)
	})

	test('works without script: the prices page answers ?from=&to= with the quote', async () => {
		const html = textOf(await (await fetch(`${server.url}/en/prices?from=da&to=zh`)).text())
		expect(html).toContain('Danish → Chinese, price per word DKK 2.40')
		expect(html).toContain('Example: 1,000 words DKK 2,400')
	})
})

describe('the prices page', () => {
	test('filters the pair table by language, without script', async () => {
		const html = textOf(await (await fetch(`${server.url}/en/prices?language=ja`)).text())
		// The table, after the summary by price.
		const rows = html.slice(html.indexOf('Per word incl.')).match(/\w+ → \w+ DKK/g) ?? []
		expect(rows.length).toBe(22)
		for (const row of rows) expect(row).toContain('Japanese')
	})

	test('shows prices with and without VAT, the minimum order, express delivery and certified copies', async () => {
		const html = textOf(await (await fetch(`${server.url}/en/prices`)).text())
		expect(html).toContain('Danish → Japanese DKK 2.40 excl. VAT DKK 3.00 incl. VAT')
		expect(html).toMatch(/Minimum order DKK 2,000\.00 excl\. VAT · DKK 2,500\.00 incl\. VAT/)
		// Express as the date picker charges it: one rule, one wording, with the pace it is measured by.
		expect(html).toContain('Express: sooner than our normal pace, by the next working day +100% on the price')
		expect(html).toContain('Express: sooner than our normal pace, two working days away or later +50% on the price')
		expect(html).toMatch(/Our normal pace is [\d,]+ words per working day/)
		expect(html).toContain('Certified paper copy with stamp, per copy DKK 150.00 excl. VAT · DKK 187.50 incl. VAT')
	})
})

describe('first-party analytics', () => {
	const event = { name: 'Calculated price', properties: { words: 2500 }, path: '/priser?utm=secret#x', locale: 'da' }

	test('stores an event without a cookie, an address or a user agent, and only the path of the address', async () => {
		const response = await post('/analytics/events', event)
		expect(response.status).toBe(204)
		expect(response.headers.get('set-cookie')).toBeNull()
		const page = textOf(await (await admin.get('/admin/analytics')).text())
		expect(page).toMatch(/Calculated price/)
		expect(page).toMatch(/2\.000–2\.999 1/)
	})

	test('refuses what is not an event', async () => {
		for (const body of [
			{},
			{ ...event, name: '' },
			{ ...event, locale: 'xx' },
			{ ...event, path: 'https://evil.example/' },
			{ ...event, properties: { words: { nested: true } } },
		]) {
			expect((await post('/analytics/events', body)).status, JSON.stringify(body)).toBe(422)
		}
		// No token, no event.
		const forged = await fetch(`${server.url}/analytics/events`, {
			method: 'POST',
			body: JSON.stringify(event),
			headers: { 'content-type': 'application/json' },
		})
		expect(forged.status).toBe(403)
	})
})
