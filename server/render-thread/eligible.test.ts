import type { Request } from 'express'
import { describe, expect, test } from 'vitest'
import { rendersOnThread } from '#server/render-thread/eligible.ts'

const request = (method: string, path: string, cookie?: string) =>
	({ method, path, headers: cookie ? { cookie } : {} }) as unknown as Request

describe('pages rendered on the render thread', () => {
	test('the public pages that only read, and their data for a navigation, in both languages', () => {
		for (const path of [
			'/',
			'/en',
			'/priser',
			'/en/prices',
			'/faq',
			'/bestil',
			'/en/order',
			'/p/om-tolk',
			'/priser.data',
			'/_root.data',
		])
			expect(rendersOnThread(request('GET', path)), path).toBe(true)
	})

	test('never a request that may write, a staff member, the back office, an account or a file', () => {
		expect(rendersOnThread(request('POST', '/bestil'))).toBe(false)
		expect(rendersOnThread(request('HEAD', '/'))).toBe(false)
		expect(rendersOnThread(request('GET', '/priser', 'tolk_banner=1; tolk_staff=abc'))).toBe(false)
		for (const path of ['/admin', '/admin/orders', '/work', '/konto', '/en/account', '/uploads/x.png', '/tilbud/abc'])
			expect(rendersOnThread(request('GET', path)), path).toBe(false)
	})
})
