import { describe, expect, test } from 'vitest'
import { setupStaffServer } from '#tests/setup/admin.ts'

const session = setupStaffServer()

// Stored XSS attempts a careless paste or a hostile account could put into rich content.
const ATTACKS = [
	'<script>alert("script")</script>',
	'<img src="/images/team/mette-kjaer.svg" onerror="alert(1)" alt="photo">',
	'<a href="javascript:alert(1)">plain javascript</a>',
	'<a href="JaVaScRiPt:alert(1)">mixed case</a>',
	'<a href="&#106;avascript:alert(1)">entity</a>',
	'<a href=" javascript:alert(1)">leading space</a>',
	'<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
	'<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="data image">',
	'<svg><script>alert("svg")</script><circle onload="alert(1)"/></svg>',
	'<svg onload="alert(1)"><use href="#x"/></svg>',
	'<p style="background:url(javascript:alert(1))">styled</p>',
	'<style>body { display: none }</style>',
	'<iframe src="https://evil.example"></iframe>',
	'<form action="https://evil.example"><input name="password"></form>',
	'<p><b><i>malformed nesting</b></i><div onclick="alert(1)">unclosed',
	'<scr<script>ipt>alert("split")</script>',
	'<p onmouseover="alert(1)">hover</p>',
	'<a href="//evil.example">protocol relative</a>',
	'<img src="/images/team/mette-kjaer.svg" srcset="javascript:alert(1) 1x, //evil.example/x.png 2x" alt="own sources">',
].join('\n')
// An unclosed <style> swallows the rest, as a browser would, so this one goes last.
const MUTATION = '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'

function richPart(html: string): string {
	return html.match(/<div class="rich-text[^"]*">([\s\S]*?)<\/div><\/article>/)?.[1] ?? ''
}

function expectInert(html: string) {
	expect(html).not.toMatch(/<script|<style|<iframe|<form|<input|<svg|<math/i)
	expect(html).not.toMatch(/\son\w+\s*=/i)
	expect(html).not.toMatch(/javascript:|data:|vbscript:/i)
	expect(html).not.toMatch(/style\s*=/i)
	expect(html).not.toMatch(/href="\/\//)
	expect(html).not.toMatch(/evil\.example|srcset/)
}

describe('rich content', () => {
	test('stored XSS attempts come out inert on the public page, and are cleaned before they are stored', async () => {
		const created = await session.admin.post('/admin/pages/new', {
			titleDa: 'Angreb',
			titleEn: 'Attacks',
			slugDa: 'angreb',
			slugEn: 'attacks',
			bodyDa: '<p>Harmløs.</p>',
			bodyEn: `<p>Before.</p>\n${ATTACKS}\n<p>After.</p>\n${MUTATION}`,
			published: 'on',
		})
		expect(created.status).toBe(302)

		const page = await (await fetch(`${session.server.url}/en/p/attacks`)).text()
		const body = richPart(page)
		expect(body).toContain('Before.')
		expect(body).toContain('After.')
		// The harmless parts stay: link texts, the safe image and the nested text.
		for (const text of [
			'plain javascript',
			'mixed case',
			'data link',
			'malformed nesting',
			'hover',
			'protocol relative',
		])
			expect(body).toContain(text)
		expect(body).toContain('<img src="/images/team/mette-kjaer.svg" alt="photo"')
		expectInert(body)

		// What the edit form shows is what was stored: cleaned already.
		const id = (await (await session.admin.get('/admin/pages')).text()).match(
			/href="\/admin\/pages\/(\d+)"[^>]*>Angreb</,
		)![1]
		const form = await (await session.admin.get(`/admin/pages/${id}`)).text()
		const stored = form
			.match(/<textarea[^>]*name="bodyEn"[^>]*>([\s\S]*?)<\/textarea>/)![1]!
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&quot;/g, '"')
			.replace(/&#x27;/g, "'")
			.replace(/&amp;/g, '&')
		expect(stored).toContain('Before.')
		expectInert(stored)
	})
})
