import { describe, expect, test } from 'vitest'
import { DEMO_PAGES } from '#database/seed-data.ts'
import { setupServerTests } from '#tests/setup/server.ts'

const server = setupServerTests()

const get = async (path: string) => {
	const response = await fetch(server.url + path)
	return { response, text: await response.text() }
}
const head = (html: string) => html.slice(0, html.indexOf('</head>'))

describe('search engines', () => {
	test('robots.txt lets them crawl the site but not the admin or customers’ quotes, and names the sitemap', async () => {
		const { response, text } = await get('/robots.txt')
		expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
		expect(text).toContain('User-agent: *\nDisallow: /admin\n')
		expect(text).toContain('Disallow: /tilbud/')
		expect(text).toContain('Disallow: /en/quote/')
		expect(text).toContain(`Sitemap: ${server.publicUrl}/sitemap.xml`)
	})

	test('sitemap.xml lists every public page in both languages, each with its alternates', async () => {
		const { response, text } = await get('/sitemap.xml')
		expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
		const locations = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(server.publicUrl, ''))
		for (const path of [
			'/',
			'/en',
			'/priser',
			'/en/prices',
			'/bestil',
			'/en/order',
			'/faq',
			'/en/faq',
			'/om-os',
			'/en/about',
			'/kontakt',
			'/en/contact',
		])
			expect(locations).toContain(path)
		const published = DEMO_PAGES.filter((page) => page.published)
		for (const page of published) {
			expect(locations).toContain(`/p/${page.slugDa}`)
			expect(locations).toContain(`/en/p/${page.slugEn}`)
		}
		expect(locations).toHaveLength(2 * (6 + published.length))
		expect(locations.some((path) => path.includes('tilbud') || path.includes('quote'))).toBe(false)
		expect(text).toContain(
			`<url><loc>${server.publicUrl}/en/prices</loc><xhtml:link rel="alternate" hreflang="da" href="${server.publicUrl}/priser"/><xhtml:link rel="alternate" hreflang="en" href="${server.publicUrl}/en/prices"/></url>`,
		)
	})

	test('each page has its own title, description, canonical address and Open Graph tags, in its language', async () => {
		const da = head((await get('/priser')).text)
		const en = head((await get('/en/prices')).text)
		expect(en).toContain(`<link rel="canonical" href="${server.publicUrl}/en/prices"/>`)
		expect(da).toContain(`<link rel="canonical" href="${server.publicUrl}/priser"/>`)
		expect(en).toMatch(/<meta property="og:title" content="Prices"\/>/)
		expect(en).toContain('<meta property="og:locale" content="en_GB"/>')
		expect(da).toContain('<meta property="og:locale" content="da_DK"/>')
		expect(en).toContain(`<meta property="og:url" content="${server.publicUrl}/en/prices"/>`)
		const description = (html: string) => html.match(/<meta name="description" content="([^"]+)"/)?.[1]
		expect(description(da)).toBeTruthy()
		expect(description(en)).toBeTruthy()
		expect(description(da)).not.toBe(description(en))
		// Each page says what it is about, not the site's general line.
		expect(description(head((await get('/en/faq')).text))).not.toBe(description(en))
	})

	test('links that leave the request name the configured address, whatever Host a visitor sends', async () => {
		const headers = { host: 'evil.example' }
		const robots = await (await fetch(`${server.url}/robots.txt`, { headers })).text()
		const sitemap = await (await fetch(`${server.url}/sitemap.xml`, { headers })).text()
		const page = head(await (await fetch(`${server.url}/en/prices`, { headers })).text())
		for (const text of [robots, sitemap, page]) {
			expect(text).not.toContain('evil.example')
			expect(text).toContain(server.publicUrl)
		}
	})

	test('a page that does not exist names no canonical address', async () => {
		const { response, text } = await get('/en/no-such-page')
		expect(response.status).toBe(404)
		expect(head(text)).not.toContain('rel="canonical"')
	})
})
