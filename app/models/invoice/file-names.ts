import type { Locale } from '#app/utils/locales.ts'

// The name of an invoice's or credit note's file in the language it was issued in, as the mail
// attaches it and the account downloads it: "faktura-12.pdf", "credit-note-3.xml".
const KIND_NAMES = {
	da: { invoice: 'faktura', credit_note: 'kreditnota', reminder: 'rykker' },
	en: { invoice: 'invoice', credit_note: 'credit-note', reminder: 'reminder' },
} as const

const localeOf = (value: string): Locale => (value === 'en' ? 'en' : 'da')

export function invoiceFileName(invoice: { kind: string; number: number; locale: string }, extension: 'pdf' | 'xml') {
	const names = KIND_NAMES[localeOf(invoice.locale)]
	return `${invoice.kind === 'credit_note' ? names.credit_note : names.invoice}-${invoice.number}.${extension}`
}

// A reminder's PDF: "rykker-3-1.pdf" is the first reminder of invoice 3.
export function reminderFileName(invoice: { number: number; locale: string }, reminder: number) {
	return `${KIND_NAMES[localeOf(invoice.locale)].reminder}-${invoice.number}-${reminder}.pdf`
}
