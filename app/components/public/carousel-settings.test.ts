import { describe, expect, test } from 'vitest'
import { parseSlidesPerView, parseWholeNumber } from '#app/components/public/carousel-settings.ts'

describe('parseSlidesPerView', () => {
	test('takes xs, then sm, md, lg and xl at 576, 768, 992 and 1200 px', () => {
		expect(parseSlidesPerView('1/1.5/2/3/4')).toEqual({
			slidesPerView: 1,
			breakpoints: {
				576: { slidesPerView: 1.5 },
				768: { slidesPerView: 2 },
				992: { slidesPerView: 3 },
				1200: { slidesPerView: 4 },
			},
		})
	})

	test('repeats the value before a missing or unreadable one, and starts from one', () => {
		expect(parseSlidesPerView('1/2')).toMatchObject({
			slidesPerView: 1,
			breakpoints: { 576: { slidesPerView: 2 }, 1200: { slidesPerView: 2 } },
		})
		expect(parseSlidesPerView('x/3/-1/0/ 5 ')).toMatchObject({
			slidesPerView: 1,
			breakpoints: {
				576: { slidesPerView: 3 },
				768: { slidesPerView: 3 },
				992: { slidesPerView: 3 },
				1200: { slidesPerView: 5 },
			},
		})
		expect(parseSlidesPerView(undefined).breakpoints[1200]).toEqual({ slidesPerView: 1 })
		expect(parseSlidesPerView('40').slidesPerView).toBe(10)
	})
})

describe('parseWholeNumber', () => {
	test('reads whole numbers at or above the minimum, otherwise the fallback', () => {
		expect(parseWholeNumber('24', 0)).toBe(24)
		expect(parseWholeNumber(undefined, 3000)).toBe(3000)
		expect(parseWholeNumber('fast', 3000)).toBe(3000)
		expect(parseWholeNumber('1.5', 3000)).toBe(3000)
		expect(parseWholeNumber('0', 3000, { min: 100 })).toBe(3000)
	})
})
