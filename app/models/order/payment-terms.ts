import { DAYS_BETWEEN_REMINDERS, MAX_REMINDER_FEE, MAX_REMINDERS } from '#app/models/invoice/reminder-rules.ts'
import { escapeHtml } from '#app/utils/translate.ts'
import { formatPrice } from '#app/utils/format.ts'
import type { Locale } from '#app/utils/locales.ts'

// The payment terms have one source, the settings: the terms of business state them (the page and
// the copy the customer accepts), the order keeps the days it was accepted with, the invoice's due
// date is counted from them, and reminders come only after that date and the grace days.
export type PaymentTerms = {
	paymentTermsDays: number
	reminderGraceDays: number
	reminderFee: number
	reminderInterestPercent: number
	currency: string
}

const TEXT = {
	da: {
		heading: 'Betaling',
		credit: (days: number) => `Betaling sker mod faktura med ${days} dages kredit fra fakturadatoen.`,
		reminders: (grace: number, fee: string) =>
			`Er fakturaen ikke betalt ved forfald, sender vi tidligst ${grace} dage efter forfaldsdatoen en rykker med et gebyr på ${fee}, højst ${MAX_REMINDERS} rykkere med mindst ${DAYS_BETWEEN_REMINDERS} dages mellemrum.`,
		interest: (percent: string) => `Fra forfaldsdatoen beregnes rente på ${percent} % om året.`,
	},
	en: {
		heading: 'Payment',
		credit: (days: number) => `Payment is by invoice with ${days} days of credit from the invoice date.`,
		reminders: (grace: number, fee: string) =>
			`If the invoice is not paid when due, we send a reminder at the earliest ${grace} days after the due date with a fee of ${fee}, at most ${MAX_REMINDERS} reminders at least ${DAYS_BETWEEN_REMINDERS} days apart.`,
		interest: (percent: string) => `Interest of ${percent} % a year is charged from the due date.`,
	},
} as const

export function paymentTermsSentences(terms: PaymentTerms, locale: Locale): string[] {
	const text = TEXT[locale]
	const fee = formatPrice(Math.min(terms.reminderFee, MAX_REMINDER_FEE), terms.currency, locale)
	const percent = new Intl.NumberFormat(locale === 'da' ? 'da-DK' : 'en-GB').format(terms.reminderInterestPercent)
	return [
		text.credit(terms.paymentTermsDays),
		text.reminders(terms.reminderGraceDays, fee),
		...(terms.reminderInterestPercent > 0 ? [text.interest(percent)] : []),
	]
}

// The section the terms of business end with, on the page and in the accepted copy.
export function paymentTermsHtml(terms: PaymentTerms, locale: Locale): string {
	const sentences = paymentTermsSentences(terms, locale).map(escapeHtml).join(' ')
	return `<h2>${TEXT[locale].heading}</h2><p>${sentences}</p>`
}
