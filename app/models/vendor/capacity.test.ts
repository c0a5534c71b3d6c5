import { describe, expect, test } from 'vitest'
import { capacityShortfall, workingDaysUntil } from '#app/models/vendor/capacity.ts'
import { danishInstant } from '#app/models/vendor/deadline.ts'

// Monday 30 November 2026, 10:00 in Copenhagen.
const monday10 = danishInstant('2026-11-30', '10:00')

describe('a translator’s capacity against a deadline', () => {
	test('counts what is left of today, the working days between and the deadline’s day up to its hour', () => {
		expect(workingDaysUntil('2026-11-30T14:30', monday10)).toBeCloseTo(0.5)
		expect(workingDaysUntil('2026-12-01T17:00', monday10)).toBeCloseTo(7 / 9 + 1)
		// Friday 16:00 to Monday 12:00: the weekend does not count.
		expect(workingDaysUntil('2026-11-30T12:00', danishInstant('2026-11-27', '16:00'))).toBeCloseTo(1 / 9 + 4 / 9)
		expect(workingDaysUntil('2026-11-29T12:00', monday10)).toBe(0)
	})

	test('warns when open words and the job need more working days than there are (4,604 words at 3,000 a day)', () => {
		const tomorrowNoon = '2026-12-01T12:00'
		expect(capacityShortfall({ openWords: 0, dailyCapacity: 3000 }, 4604, tomorrowNoon, monday10)).toEqual({
			needed: 4604 / 3000,
			available: expect.closeTo(7 / 9 + 4 / 9, 5),
		})
		expect(capacityShortfall({ openWords: 0, dailyCapacity: 3000 }, 2000, tomorrowNoon, monday10)).toBeNull()
		// A job of 1,000 words does not fit beside 3,000 already open, though it would alone.
		expect(capacityShortfall({ openWords: 3000, dailyCapacity: 3000 }, 1000, tomorrowNoon, monday10)).not.toBeNull()
		expect(capacityShortfall({ openWords: 0, dailyCapacity: 3000 }, 1000, tomorrowNoon, monday10)).toBeNull()
	})

	test('says nothing for a translator without a capacity or a deadline not yet typed whole', () => {
		expect(capacityShortfall({ openWords: 0, dailyCapacity: 0 }, 4604, '2026-12-01T12:00', monday10)).toBeNull()
		expect(capacityShortfall({ openWords: 0, dailyCapacity: 3000 }, 4604, '2026-12-0', monday10)).toBeNull()
	})
})
