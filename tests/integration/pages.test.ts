import { describe, expect, test } from 'vitest'
import { DEMO_FAQ, DEMO_PAGES, DEMO_SETTINGS, DEMO_TEAM } from '#database/seed-data.ts'
import { textOf } from '#tests/setup/http.ts'
import { setupServerTests } from '#tests/setup/server.ts'

const server = setupServerTests()

const page = async (path: string) => {
	const response = await fetch(server.url + path, { redirect: 'manual' })
	return { status: response.status, headers: response.headers, html: await response.text() }
}

describe('public pages', () => {
	test.each([
		['/', 'da', 'Oversættelser du kan stole på'],
		['/en', 'en', 'Translations you can trust'],
		['/priser', 'da', 'Pris pr. ord fra'],
		['/en/prices', 'en', 'Price per word from'],
		['/bestil', 'da', 'Bestil en oversættelse'],
		['/en/order', 'en', 'Order a translation'],
		['/faq', 'da', 'Ofte stillede spørgsmål'],
		['/en/faq', 'en', 'Frequently asked questions'],
		['/om-os', 'da', 'Holdet'],
		['/en/about', 'en', 'The team'],
		['/kontakt', 'da', 'Vestergade 12'],
		['/en/contact', 'en', 'Vestergade 12'],
	])('%s renders in %s with its content', async (path, lang, text) => {
		const { status, html } = await page(path)
		expect(status).toBe(200)
		expect(html).toContain(`<html lang="${lang}">`)
		expect(textOf(html)).toContain(text)
	})

	test('the home page shows the demo agency from the database in both languages', async () => {
		const da = textOf((await page('/')).html)
		expect(da).toContain(DEMO_SETTINGS.agencyName)
		expect(da).toContain('Fra 1,35 kr. pr. ord uden moms')
		expect(da).toContain(DEMO_FAQ[0]!.questionDa)
		expect(da).toContain(DEMO_TEAM[0]!.name)
		const en = textOf((await page('/en')).html)
		expect(en).toContain('From DKK 1.35 per word excl. VAT')
		expect(en).toContain(DEMO_FAQ[0]!.questionEn)
	})

	test('numbers are formatted in the page language', async () => {
		const da = textOf((await page('/priser')).html)
		expect(da).toContain('1.000 ord')
		expect(da).toContain('1.350,00 kr. uden moms')
		expect(da).toContain('Dansk → Japansk 2,40 kr. uden moms 3,00 kr. med moms')
		const en = textOf((await page('/en/prices')).html)
		expect(en).toContain('1,000 words')
		expect(en).toContain('DKK 1,350.00 excl. VAT')
		expect(en).toContain('Danish → Japanese DKK 2.40 excl. VAT DKK 3.00 incl. VAT')
	})

	test('each service on the home page has a line of text and a link to its page', async () => {
		const html = (await page('/en')).html
		const services = html.slice(html.indexOf('id="services"'), html.indexOf('id="how"'))
		for (const service of DEMO_PAGES.filter((p) => p.showInMenu)) {
			expect(services).toContain(`href="/en/p/${service.slugEn}"`)
			expect(textOf(services)).toContain(textOf(service.bodyEn.slice(0, service.bodyEn.indexOf('</p>'))).slice(0, 60))
		}
		expect(textOf(services).match(/Read more and see the price/g)).toHaveLength(3)
	})

	test('a service page says what, who, how fast and what it costs today, and ends with an order button', async () => {
		const text = textOf((await page('/en/p/certified-translation')).html)
		for (const part of [
			'Which documents?',
			'Who certifies it?',
			'How fast?',
			'Birth, name-change and marriage certificates',
		])
			expect(text).toContain(part)
		expect(text).toContain('Price per word from DKK 1.35 excl. VAT')
		expect(text).toContain('Minimum order DKK 500.00 excl. VAT')
		expect((await page('/en/p/certified-translation')).html).toMatch(
			/<a[^>]+href="\/en\/order"[^>]*>Upload documents and get the price<\/a>/,
		)
		// The privacy policy is not a service: no order box.
		expect(textOf((await page('/en/p/privacy-policy')).html)).not.toContain('Price and ordering')
	})

	test('the contact page has the address, opening hours and a map link, and no order box', async () => {
		const html = (await page('/kontakt')).html
		const text = textOf(html)
		expect(text).toContain('Åbningstider')
		expect(text).toContain('Mandag–torsdag 9–16')
		expect(html).toContain(
			'href="https://www.openstreetmap.org/search?query=Vestergade%2012%2C%201456%20K%C3%B8benhavn%20K"',
		)
		expect(html).not.toContain('data-controller="date-picker"')
		expect(html).not.toContain('name="from_language"')
		expect(html).toContain('data-controller="leadform"')
	})

	test('the about page shows every team member, with the bios of those who have one', async () => {
		const html = (await page('/en/about')).html
		const text = textOf(html)
		for (const member of DEMO_TEAM) {
			expect(text).toContain(member.name)
			if (member.bioEn) expect(text).toContain(textOf(member.bioEn).trim())
		}
		const withBios = DEMO_TEAM.filter((member) => member.bioEn).length
		expect(withBios).toBeLessThan(DEMO_TEAM.length)
		const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
		expect(main.match(/<div class="rich-text/g)).toHaveLength(withBios)
	})

	test('content pages have a slug per language and hreflang alternates between them', async () => {
		const legal = DEMO_PAGES.find((p) => p.slugEn === 'legal-translation')!
		const da = await page(`/p/${legal.slugDa}`)
		expect(da.status).toBe(200)
		expect(textOf(da.html)).toContain(legal.titleDa)
		expect(da.html).toMatch(new RegExp(`<link rel="alternate" hrefLang="en" href="[^"]+/en/p/${legal.slugEn}"`))
		const en = await page(`/en/p/${legal.slugEn}`)
		expect(textOf(en.html)).toContain(legal.titleEn)
		const crossed = await page(`/p/${legal.slugEn}`)
		expect(crossed.status).toBe(301)
		expect(crossed.headers.get('location')).toBe(`/p/${legal.slugDa}`)
	})

	test('every page names its other-language address', async () => {
		const { html } = await page('/om-os')
		expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]+\/en\/about"/)
		expect(html).toMatch(/<link rel="alternate" hrefLang="da" href="[^"]+\/om-os"/)
	})

	test.each([
		['/findes-ikke', 'da', 'Siden findes ikke'],
		['/en/does-not-exist', 'en', 'Page not found'],
		['/p/no-such-page', 'da', 'Siden findes ikke'],
	])('%s is a real 404 page', async (path, lang, text) => {
		const { status, html } = await page(path)
		expect(status).toBe(404)
		expect(html).toContain(`<html lang="${lang}">`)
		expect(textOf(html)).toContain(text)
		expect(textOf(html)).toContain(DEMO_SETTINGS.agencyName)
	})

	test('hashed assets are cached for a year; shared pages must be revalidated, a visitor’s own are never shared', async () => {
		const { html, headers } = await page('/')
		expect(headers.get('cache-control')).toBe('public, no-cache')
		expect((await page('/en/order')).headers.get('cache-control')).toBe('private, no-cache')
		const asset = html.match(/\/assets\/[\w.-]+\.js/)![0]
		const response = await fetch(server.url + asset, { headers: { 'accept-encoding': 'gzip' } })
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		expect(response.headers.get('content-encoding')).toBe('gzip')
	})

	test('healthz answers 200 while the database answers', async () => {
		const response = await fetch(`${server.url}/healthz`)
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ status: 'ok' })
	})

	test('a page carries the texts the browser shows, not those of mails and PDFs', async () => {
		for (const path of ['/', '/en/order']) {
			const { html } = await page(path)
			expect(html, path).toContain('nav.home')
			expect(html, path).not.toMatch(/\b(mail|reminder|quoteDocument|editTexts)\.[a-zA-Z]/)
		}
	})

	test('a page a visitor reads carries no texts of the order flow or the account, and shows none as its key', async () => {
		const ORDER_FLOW =
			/\b(account|request|quote|orderPage|accept|upload|invoice|payment|certified|savedQuote|orderStatus|order|datePicker)\.[a-zA-Z]/
		for (const path of ['/', '/en', '/priser', '/en/prices', '/faq', '/en/faq', '/om-os', '/en/about']) {
			const { html } = await page(path)
			expect(html, path).toContain('nav.home')
			expect(html, path).not.toMatch(ORDER_FLOW)
		}
		for (const path of ['/bestil', '/en/contact']) expect((await page(path)).html, path).toMatch(ORDER_FLOW)
	})

	test('the counters a benchmark reads answer this machine only, and count the page cache and renders', async () => {
		const counts = async () => (await (await fetch(`${server.url}/healthz/counts`)).json()) as Record<string, number>
		const before = await counts()
		await page('/en/faq')
		await page('/en/faq')
		await page('/en/order')
		const after = await counts()
		expect(after.pageCacheHits! - before.pageCacheHits!).toBeGreaterThanOrEqual(1)
		expect(after.renders! - before.renders!).toBeGreaterThanOrEqual(1)
		expect(after.databaseQueries).toBeGreaterThan(0)
		// Through a proxy, it is any other address: not found.
		const proxied = await fetch(`${server.url}/healthz/counts`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
		expect(proxied.status).toBe(404)
		expect(await proxied.text()).not.toContain('pageCacheHits')
	})
})
