import { describe, expect, test } from 'vitest'
import { jobFee, repetitionShare, suggestedHours, translationFee, type PayRates } from '#app/models/vendor/fees.ts'

const anna: PayRates = {
	ratePerWord: 0.8,
	ratePerMinute: 30,
	reviewFeeRule: 'share',
	reviewSharePercent: 40,
	hourlyRate: null,
	repetitionShare: 100,
}
const work = { words: 4604, minutes: 0, hours: null }

describe('what a job pays a translator', () => {
	test('a translation: their rate × the words, and × the minutes of audio', () => {
		expect(translationFee({ words: 4604, minutes: 0 }, anna)).toBe(3683.2)
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

	test("repeated words by the translator's rule: full, the customer's share, or one of their own", () => {
		expect([
			repetitionShare('full', 50, 30),
			repetitionShare('customer', 50, 30),
			repetitionShare('own', 50, 30),
		]).toEqual([100, 30, 50])
		expect(repetitionShare('own', null, 30)).toBe(100)
		// 4,604 words of which 1,000 repeated, paid at the customer's 30 %: 3,604 + 300 words × 0.80.
		const repeated = { ...work, repeated: 1000 }
		expect(jobFee('translation', repeated, { ...anna, repetitionShare: 30 })).toBe(3123.2)
		expect(jobFee('translation', repeated, anna)).toBe(3683.2)
		// A revision's share follows the translation it revises.
		expect(jobFee('revision', repeated, { ...anna, repetitionShare: 30 })).toBe(1249.28)
		// Never more repeated words than words.
		expect(translationFee({ words: 100, minutes: 0, repeated: 500 }, { ...anna, repetitionShare: 0 })).toBe(0)
	})
})
