import type { Invoice } from '#app/models/invoice/invoice.server.ts'
import { agencyLines, paymentLines } from '#app/models/invoice/pdf.server.ts'
import { createPdfWriter } from '#app/models/pdf/writer.server.ts'
import { DEFAULT_MESSAGES } from '#app/models/translation.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'
import { translate } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { CalendarDate } from '#app/models/calendar/working-days.ts'

export type ReminderTerms = {
	number: number
	sentOn: CalendarDate
	payBy: CalendarDate
	outstanding: number
	fee: number
	interest: number
	// Fees and interest of the reminders before this one.
	earlierFees: number
	toPay: number
}

// A reminder ("rykker") as an A4 PDF in the invoice's language: which invoice, what is still owed,
// this reminder's fee and interest and those before it, the sum to pay, by when and how.
export async function renderReminderPdf(invoice: Invoice, terms: ReminderTerms): Promise<Uint8Array> {
	const locale = invoice.locale as Locale
	const t = (key: string, vars: Record<string, string | number> = {}) =>
		translate(DEFAULT_MESSAGES[locale], key, vars).replace(/<[^>]*>/g, '')
	const money = (amount: number) => formatPrice(amount, invoice.currency, locale)
	const day = (value: string) => formatDay(value, locale)
	const title = t('reminder.title', { number: terms.number, invoice: invoice.number })
	const writer = await createPdfWriter(title)
	const { line, space, save } = writer
	const { buyer } = invoice
	agencyLines(writer, invoice.seller)
	line(title, { size: 20, isBold: true })
	line(`${t('invoice.issued')}: ${day(terms.sentOn)}`, { size: 10 })
	space(10)
	line(t('invoice.to'), { size: 9 })
	line(buyer.name, { isBold: true })
	if (buyer.address) line(buyer.address, { size: 10 })
	space(12)
	line(t('reminder.lead', { invoice: invoice.number, date: day(invoice.issueDate), due: day(invoice.dueDate) }), {
		size: 10,
	})
	space(8)
	line(t('reminder.outstanding'), { right: money(terms.outstanding) })
	if (terms.earlierFees > 0) line(t('reminder.earlierFees'), { right: money(terms.earlierFees) })
	if (terms.fee > 0) line(t('reminder.fee', { number: terms.number }), { right: money(terms.fee) })
	if (terms.interest > 0) line(t('reminder.interest'), { right: money(terms.interest) })
	line(t('reminder.toPay'), { isBold: true, right: money(terms.toPay) })
	space(14)
	line(t('reminder.payBy', { date: day(terms.payBy), number: invoice.number }), { size: 10 })
	paymentLines(writer, invoice, t)
	space(10)
	line(t('reminder.alreadyPaid'), { size: 9 })
	return save()
}
