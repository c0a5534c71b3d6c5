import { describe, expect, test } from 'vitest'
import { alternatePaths, localeFromPath, pathFor } from '#app/utils/locales.ts'
import { formatDate, formatNumber, formatPrice } from '#app/utils/format.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import { pageUrlOf } from '#app/utils/router-fetch.client.ts'

describe('locales', () => {
	test.each([
		['/', 'da'],
		['/priser', 'da'],
		['/en', 'en'],
		['/en/prices', 'en'],
		['/english-lessons', 'da'],
		// React Router's data requests, as the server sees them.
		['/en.data', 'en'],
		['/en/prices.data', 'en'],
		['/_root.data', 'da'],
		['/priser.data', 'da'],
	])('%s is %s', (path, locale) => expect(localeFromPath(path)).toBe(locale))

	test('the language switch keeps the visitor on the same page', () => {
		expect(alternatePaths('/priser')).toEqual({ da: '/priser', en: '/en/prices' })
		expect(alternatePaths('/en/about')).toEqual({ da: '/om-os', en: '/en/about' })
		expect(alternatePaths('/en')).toEqual({ da: '/', en: '/en' })
	})

	test('paths are filled and encoded', () => {
		expect(pathFor('page', 'en', { slug: 'a b' })).toBe('/en/p/a%20b')
	})
})

describe('formatting', () => {
	test('numbers and prices follow the page language', () => {
		expect(formatNumber(1000, 'da')).toBe('1.000')
		expect(formatNumber(1000, 'en')).toBe('1,000')
		expect(formatPrice(1350, 'DKK', 'da')).toBe('1.350,00\u00a0kr.')
		expect(formatPrice(1350, 'DKK', 'en')).toBe('DKK\u00a01,350.00')
	})

	test('dates follow the page language', () => {
		const date = new Date(Date.UTC(2026, 11, 24, 12))
		expect(formatDate(date, 'da')).toBe('24. december 2026')
		expect(formatDate(date, 'en')).toBe('24 December 2026')
	})
})

describe('messages', () => {
	test('fills placeholders and leaves unknown ones', () => {
		expect(translate({ 'home.priceFrom': 'Fra {{price}} {{unit}}' }, 'home.priceFrom', { price: '1 kr.' })).toBe(
			'Fra 1 kr. {{unit}}',
		)
		expect(translate({}, 'home.title')).toBe('home.title')
	})

	test('strips inline HTML for attributes', () => {
		expect(stripTags('Get a <strong>price</strong> &amp; more')).toBe('Get a price & more')
	})
})

describe('page navigation', () => {
	test('maps a data request back to its page', () => {
		expect(pageUrlOf('http://x/priser.data?_routes=root')).toBe('/priser')
		expect(pageUrlOf('http://x/_root.data')).toBe('/')
		expect(pageUrlOf('http://x/en/faq.data?q=1&_routes=a')).toBe('/en/faq?q=1')
	})
})
