import { describe, expect, test } from 'vitest'
import { safeLocalPath, sameSiteReferrer } from '#app/utils/safe-redirect.ts'

describe('a redirect target taken from a request', () => {
	test.each([
		['/admin/faq?page=2#x', '/admin/faq?page=2#x'],
		['/admin/../admin/team', '/admin/team'],
		['/admin/%2e%2e/en', '/admin'],
		['/admin/..%2F%09%2Fevil.example%2Fphish', '/admin/..%2F%09%2Fevil.example%2Fphish'],
		['/admin/../\t/evil.example/phish', '/admin'],
		['/admin/../\\evil.example', '/admin'],
		['//evil.example/admin', '/admin'],
		['/admin/..//evil.example', '/admin'],
		['https://evil.example/admin', '/admin'],
		['admin', '/admin'],
		['/administrator', '/admin'],
		[null, '/admin'],
	])('%j under /admin is %j', (target, expected) => {
		expect(safeLocalPath(target, { under: '/admin' })).toBe(expected)
	})

	test('a Referer is used only when it names a page of the site, on the site', () => {
		const from = (referer: string) =>
			sameSiteReferrer(new Request('http://tolk.test/banner', { method: 'POST', headers: { referer } }))
		expect(from('http://tolk.test/en/prices?x=1')).toBe('/en/prices?x=1')
		expect(from('http://tolk.test//evil.example/x')).toBeNull()
		expect(from('http://evil.example/en')).toBeNull()
		expect(from('not an address')).toBeNull()
	})
})
