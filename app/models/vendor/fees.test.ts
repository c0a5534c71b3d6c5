import { describe, expect, test } from 'vitest'
import { jobFee, suggestedHours, translationFee, type PayRates } from '#app/models/vendor/fees.ts'

const anna: PayRates = {
	ratePerWord: 0.8,
	ratePerMinute: 30,
	reviewFeeRule: 'share',
	reviewSharePercent: 40,
	hourlyRate: null,
}
const work = { words: 4604, minutes: 0, hours: null }

describe('what a job pays a translator', () => {
	test('a translation: their rate × the words, and × the minutes of audio', () => {
		expect(translationFee(4604, 0, anna)).toBe(3683.2)
		expect(jobFee('translation', { words: 100, minutes: 3, hours: null }, anna)).toBe(170)
	})

	test("a revision or proofreading: their share of the translation's fee, not the full rate", () => {
		expect(jobFee('revision', work, anna)).toBe(1473.28)
		expect(jobFee('proofreading', work, { ...anna, reviewSharePercent: 25 })).toBe(920.8)
	})

	test("by the hour: the PM's hours, or 1,000 words an hour in half hours, at their hourly rate", () => {
		const hourly: PayRates = { ...anna, reviewFeeRule: 'hourly', hourlyRate: 450 }
		expect(jobFee('revision', { ...work, hours: 2 }, hourly)).toBe(900)
		expect(suggestedHours(4604)).toBe(5)
		expect(suggestedHours(120)).toBe(0.5)
		expect(jobFee('revision', work, hourly)).toBe(2250)
		// Hourly without a rate yet: their share, never nothing.
		expect(jobFee('revision', work, { ...hourly, hourlyRate: null })).toBe(1473.28)
		// A translation is never paid by the hour.
		expect(jobFee('translation', { ...work, hours: 2 }, hourly)).toBe(3683.2)
	})
})
