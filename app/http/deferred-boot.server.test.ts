import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, test } from 'vitest'
import { deferBoot } from '#app/http/deferred-boot.server.ts'

// The shape React Router and React write: preloads hoisted into the head, the boot at the end.
const PAGE = [
	'<!DOCTYPE html><html lang="da"><head><meta charSet="utf-8"/><title>Priser · Tolk</title>',
	'<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce+/="/>',
	'<link rel="modulepreload" href="/assets/root-B.js" nonce="n0nce+/="/>',
	'<style data-precedence="app" data-href="/assets/app.css">a{color:red}</style></head>',
	'<body><main><h1>Oversættelse på få sekunder – æøå</h1><p>2 &lt; 3</p></main>',
	'<script nonce="n0nce+/=">console.log("scroll")</script>',
	'<script nonce="n0nce+/=" type="module" async="">import * as route0 from "/assets/root-B.js";',
	'import("/assets/entry.client-A.js");</script>',
	'<script nonce="n0nce+/=">window.__later = 1</script></body></html>',
].join('')

async function rewrite(chunks: Buffer[], nonce = 'n0nce+/='): Promise<string> {
	return text(Readable.from(chunks).pipe(deferBoot(nonce)))
}

function split(page: string, size: number): Buffer[] {
	const bytes = Buffer.from(page)
	const chunks: Buffer[] = []
	for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size))
	return chunks
}

describe('deferBoot', () => {
	test('takes the preloads out of the head, parks the boot and puts both back after it', async () => {
		const html = await rewrite([Buffer.from(PAGE)])
		expect(html).not.toContain('rel="modulepreload"')
		expect(html).not.toContain('<script type="module"')
		const parked = '<script nonce="n0nce+/=" type="text/x-deferred-boot">import * as route0'
		expect(html).toContain(parked)
		const after = html.slice(html.indexOf('</script>', html.indexOf(parked)) + '</script>'.length)
		expect(after).toMatch(/^<script nonce="n0nce\+\/=" data-boot-after-paint="">/)
		expect(after).toContain('(["/assets/entry.client-A.js","/assets/root-B.js"])</script>')
		// Everything else is as React wrote it.
		expect(html).toContain('<h1>Oversættelse på få sekunder – æøå</h1><p>2 &lt; 3</p>')
		expect(html).toContain('<script nonce="n0nce+/=">console.log("scroll")</script>')
		expect(html.endsWith('<script nonce="n0nce+/=">window.__later = 1</script></body></html>')).toBe(true)
	})

	test('gives the same page however the stream is cut, inside tags and characters too', async () => {
		const whole = await rewrite([Buffer.from(PAGE)])
		for (let size = 1; size <= 80; size++) expect(await rewrite(split(PAGE, size)), `chunks of ${size}`).toBe(whole)
	})

	test("parks a cached page's boot, which has no nonce", async () => {
		const cached = PAGE.replaceAll(' nonce="n0nce+/="', '')
		const html = await rewrite(split(cached, 13), '')
		expect(html).toContain('<script type="text/x-deferred-boot">import')
		expect(html).toContain('<script nonce="" data-boot-after-paint="">')
		expect(html).not.toContain('modulepreload" href')
	})

	test('leaves a page without a boot (an error page, plain HTML) as it was', async () => {
		const plain = '<!DOCTYPE html><html><head><title>x</title></head><body><p>a < b > c</p></body></html>'
		expect(await rewrite(split(plain, 7))).toBe(plain)
	})
})
