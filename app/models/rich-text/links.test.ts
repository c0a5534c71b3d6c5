import { describe, expect, test } from 'vitest'
import { fileLinkText, isAllowedLink } from '#app/models/rich-text/links.ts'

describe('isAllowedLink', () => {
	test('accepts http(s), mailto, tel and site-relative links', () => {
		for (const url of [
			'https://tolk.example/priser',
			'http://example.dk',
			'mailto:kontakt@tolk.example',
			'tel:+45 33 12 34 56',
			'/p/certificeret-oversaettelse',
			'#kontakt',
		]) {
			expect(isAllowedLink(url), url).toBe(true)
		}
	})

	test('refuses script, data and protocol-relative links, and anything else', () => {
		for (const url of [
			'javascript:alert(1)',
			'JAVASCRIPT:alert(1)',
			'data:text/html,<script>',
			'//evil.example',
			'ftp://files.example',
			'vbscript:x',
			'www.example.dk',
			'',
			'https://',
		]) {
			expect(isAllowedLink(url), url).toBe(false)
		}
	})
})

describe('fileLinkText', () => {
	test('a title longer than 20 characters that starts with http is cut to 20 and an ellipsis', () => {
		expect(fileLinkText('https://tolk.example/files/price-list.pdf')).toBe('https://tolk.example…')
		expect(fileLinkText('HTTP://TOLK.EXAMPLE/A/B')).toBe('HTTP://TOLK.EXAMPLE/…')
	})

	test('other titles stay whole', () => {
		expect(fileLinkText('https://tolk.example')).toBe('https://tolk.example')
		expect(fileLinkText('Price list for certified translations 2026')).toBe(
			'Price list for certified translations 2026',
		)
		expect(fileLinkText('  Terms  ')).toBe('Terms')
	})
})
