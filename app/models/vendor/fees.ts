import type { JobKind, RepetitionRule, ReviewFeeRule } from '#database/enums.ts'

// What a job pays a translator, by its kind and their own rates. Browser-safe: the job form shows
// each candidate's fee as the PM changes the kind, the documents or the hours.
export type PayRates = {
	ratePerWord: number
	ratePerMinute: number | null
	reviewFeeRule: ReviewFeeRule
	reviewSharePercent: number
	hourlyRate: number | null
	// The share (percent of the rate per word) repeated words are paid at: repetitionShare below.
	repetitionShare: number
}
// `repeated`: of the words, those in sentences repeated within the order.
export type Work = { words: number; minutes: number; hours: number | null; repeated?: number }

const cents = (amount: number) => Math.round(amount * 100) / 100

// The share repeated words pay a translator by their rule: all of the rate, the customer's share
// (the quote's repetition discount), or their own share (the full rate while they have none).
export function repetitionShare(rule: RepetitionRule, ownPercent: number | null, customerPercent: number) {
	if (rule === 'customer') return customerPercent
	if (rule === 'own') return ownPercent ?? 100
	return 100
}

// A translation: new words × rate per word, repeated words at the translator's share of it,
// minutes × rate per minute.
export function translationFee(
	work: Pick<Work, 'words' | 'minutes' | 'repeated'>,
	rates: Pick<PayRates, 'ratePerWord' | 'ratePerMinute' | 'repetitionShare'>,
) {
	const repeated = Math.min(work.words, work.repeated ?? 0)
	const words = work.words - repeated + (repeated * rates.repetitionShare) / 100
	return cents(words * rates.ratePerWord + work.minutes * (rates.ratePerMinute ?? 0))
}

// A revision or proofreading is paid by the translator's rule for them: a share of what the
// translation of the same words pays them, or the expected hours at their hourly rate (the share,
// while they have no hourly rate).
export function jobFee(kind: JobKind, work: Work, rates: PayRates): number {
	const translation = translationFee(work, rates)
	if (kind === 'translation') return translation
	if (rates.reviewFeeRule === 'hourly' && rates.hourlyRate !== null)
		return cents((work.hours ?? suggestedHours(work.words)) * rates.hourlyRate)
	return cents((translation * rates.reviewSharePercent) / 100)
}

// What the form proposes for a revision or proofreading: 1,000 words an hour, in half hours.
export function suggestedHours(words: number): number {
	return Math.max(0.5, Math.ceil(words / 500) / 2)
}
