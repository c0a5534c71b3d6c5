import { describe, expect, test } from 'vitest'
import { isReadingPage } from '#app/utils/reading-pages.ts'

describe('the pages a visitor reads', () => {
	test('are home, prices, FAQ and about in both languages, as pages and as their data', () => {
		for (const path of ['/', '/_.data', '/en', '/en.data', '/priser', '/en/prices.data', '/faq', '/en/about'])
			expect(isReadingPage(path), path).toBe(true)
	})

	test('are not the order page, the contact form, content pages or the account', () => {
		for (const path of [
			'/bestil',
			'/en/order.data',
			'/kontakt',
			'/p/om-tolk',
			'/konto',
			'/tilbud/x',
			'/priser/sprogpar',
		])
			expect(isReadingPage(path), path).toBe(false)
	})
})
