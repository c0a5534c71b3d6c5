import { describe, expect, test } from 'vitest'
import { answerBy, checkDeadline, danishInstant, suggestedDeadline } from '#app/models/vendor/deadline.ts'

describe("a job's deadline", () => {
	const now = new Date('2026-12-01T09:00:00Z')

	test('is Danish wall-clock time, in winter and in summer', () => {
		expect(danishInstant('2026-12-02', '16:00').toISOString()).toBe('2026-12-02T15:00:00.000Z')
		expect(danishInstant('2027-06-02', '16:00').toISOString()).toBe('2027-06-02T14:00:00.000Z')
	})

	test("is proposed on the working day before the customer's date, skipping weekends and holidays", () => {
		// Monday 2026-12-28: the Friday before is Christmas Day's week, Dec 25 a holiday.
		expect(suggestedDeadline('2026-12-28', now)).toBe('2026-12-23T16:00')
		expect(suggestedDeadline('2026-12-07', now)).toBe('2026-12-04T16:00')
		// Too late for the day before: noon on the day itself.
		expect(suggestedDeadline('2026-12-02', new Date('2026-12-01T16:00:00Z'))).toBe('2026-12-02T12:00')
	})

	test('must fall in working hours on a working day, before noon on the date promised, and in the future', () => {
		expect(checkDeadline('2026-12-03T16:00', '2026-12-04', now)).toHaveProperty('deadline')
		expect(checkDeadline('2026-12-04T12:00', '2026-12-04', now)).toHaveProperty('deadline')
		expect(checkDeadline('2026-12-04T12:30', '2026-12-04', now)).toEqual({ problem: 'afterDue' })
		expect(checkDeadline('2026-12-03T07:30', '2026-12-04', now)).toEqual({ problem: 'outsideHours' })
		expect(checkDeadline('2026-12-05T10:00', '2026-12-08', now)).toEqual({ problem: 'notWorkingDay' })
		expect(checkDeadline('2026-12-24T10:00', '2026-12-28', now)).toEqual({ problem: 'notWorkingDay' })
		expect(checkDeadline('2026-11-30T10:00', '2026-12-04', now)).toEqual({ problem: 'past' })
		expect(checkDeadline('tomorrow', '2026-12-04', now)).toEqual({ problem: 'format' })
		expect(checkDeadline('2026-02-30T10:00', '2026-12-04', now)).toEqual({ problem: 'format' })
	})

	test('for an order past its date (running late, or a revision asked for after it), is any time ahead in working hours', () => {
		// Due Tuesday 2026-12-01; now Wednesday 10:00: a revision job is not refused as "after the date".
		const later = new Date('2026-12-02T09:00:00Z')
		expect(checkDeadline('2026-12-03T16:00', '2026-12-01', later)).toHaveProperty('deadline')
		expect(checkDeadline('2026-12-02T09:30', '2026-12-01', later)).toEqual({ problem: 'past' })
		expect(suggestedDeadline('2026-12-01', later)).toBe('2026-12-03T16:00')
		// Friday afternoon: the next working day is Monday.
		expect(suggestedDeadline('2026-12-01', new Date('2026-12-04T15:00:00Z'))).toBe('2026-12-07T16:00')
	})
})

describe("an offer's answer-by time", () => {
	const now = new Date('2026-12-01T09:00:00Z')
	const hours = (count: number) => new Date(now.getTime() + count * 3_600_000)

	test("is the setting's hours when the deadline is far enough away", () => {
		expect(answerBy(now, hours(24 * 5), 24)).toEqual(hours(24))
	})

	test('is never after the deadline: at most halfway to it, leaving half the time for the work', () => {
		// A proofreading due in 7 hours with offers that would lapse in 24: answered within 3.5.
		expect(answerBy(now, hours(7), 24)).toEqual(hours(3.5))
		expect(answerBy(now, hours(30), 24).getTime()).toBeLessThan(hours(30).getTime())
	})

	test("a job offered again after its deadline has passed gets the setting's hours", () => {
		expect(answerBy(now, hours(-2), 24)).toEqual(hours(24))
	})
})
