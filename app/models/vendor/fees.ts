import type { JobKind, ReviewFeeRule } from '#database/enums.ts'

// What a job pays a translator, by its kind and their own rates. Browser-safe: the job form shows
// each candidate's fee as the PM changes the kind, the documents or the hours.
export type PayRates = {
	ratePerWord: number
	ratePerMinute: number | null
	reviewFeeRule: ReviewFeeRule
	reviewSharePercent: number
	hourlyRate: number | null
}
export type Work = { words: number; minutes: number; hours: number | null }

const cents = (amount: number) => Math.round(amount * 100) / 100

// A translation: words × rate per word, minutes × rate per minute.
export function translationFee(words: number, minutes: number, rates: Pick<PayRates, 'ratePerWord' | 'ratePerMinute'>) {
	return cents(words * rates.ratePerWord + minutes * (rates.ratePerMinute ?? 0))
}

// A revision or proofreading is paid by the translator's rule for them: a share of what the
// translation of the same words pays them, or the expected hours at their hourly rate (the share,
// while they have no hourly rate).
export function jobFee(kind: JobKind, work: Work, rates: PayRates): number {
	const translation = translationFee(work.words, work.minutes, rates)
	if (kind === 'translation') return translation
	if (rates.reviewFeeRule === 'hourly' && rates.hourlyRate !== null)
		return cents((work.hours ?? suggestedHours(work.words)) * rates.hourlyRate)
	return cents((translation * rates.reviewSharePercent) / 100)
}

// What the form proposes for a revision or proofreading: 1,000 words an hour, in half hours.
export function suggestedHours(words: number): number {
	return Math.max(0.5, Math.ceil(words / 500) / 2)
}
