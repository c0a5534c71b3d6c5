import { eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { quotes, type orders } from '#database/schema.ts'
import { mailText } from '#app/models/mail-text.server.ts'
import type { SavedQuoteDetails } from '#app/models/quote/quote.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { MailAttachment } from '#server/mailer.ts'
import { stripTags } from '#app/utils/translate.ts'

type Order = typeof orders.$inferSelect

// The key terms of an order, in writing, as a consumer is owed them with the confirmation: what was
// ordered, the languages, the price without and with VAT, the promised date, when work starts
// (as the order page says it), and which terms of business apply (attached in full).
export async function confirmationTerms(db: Pick<Database, 'select'>, order: Order): Promise<string> {
	const [quote] = await db.select().from(quotes).where(eq(quotes.id, order.quoteId))
	if (!quote) return ''
	const locale = order.locale as Locale
	const details = quote.details as unknown as SavedQuoteDetails
	const money = (amount: number) => formatPrice(amount, quote.currency, locale)
	const t = (key: string, vars: Record<string, string | number> = {}) => mailText(locale, key, vars)
	const documents = details.quote.lines.map((line) => {
		const amount =
			line.basis === 'words'
				? t('mail.confirm.words', { count: line.quantity ?? 0 })
				: line.basis === 'minutes'
					? t('mail.confirm.minutes', { count: line.quantity ?? 0 })
					: line.basis === 'pages'
						? t('mail.confirm.pages', { count: line.quantity ?? 0 })
						: line.basis === 'stated'
							? t('mail.confirm.stated', { count: details.quote.certified?.scannedPages ?? 0 })
							: t('mail.confirm.manual')
		return `- ${line.name} (${amount})`
	})
	return [
		t('mail.confirm.title'),
		[t('mail.confirm.documents'), ...documents].join('\n'),
		details.fromName && details.toName ? t('mail.confirm.pair', { from: details.fromName, to: details.toName }) : '',
		quote.copies > 0 ? t('mail.confirm.copies', { copies: String(quote.copies) }) : '',
		order.customer.kind === 'foreign'
			? t('mail.confirm.reverseCharge', {
					total: money(details.quote.total),
					vatNumber: order.customer.vatNumber ?? '',
				})
			: t('mail.confirm.price', {
					total: money(details.quote.total),
					vat: money(details.quote.vat),
					withVat: money(details.quote.totalWithVat),
				}),
		t('mail.confirm.due', { date: formatDay(order.dueDate, locale) }),
		t('mail.confirm.start'),
		order.terms.paymentTermsDays !== undefined
			? t('mail.confirm.payment', { count: order.terms.paymentTermsDays })
			: '',
		t('mail.confirm.terms', { title: order.terms.title, version: order.terms.sha256.slice(0, 12) }),
	]
		.filter(Boolean)
		.join('\n')
}

// The terms of business the customer accepted, as plain text the mail carries.
export function termsAttachment(order: Order): MailAttachment {
	const name = order.locale === 'da' ? 'handelsbetingelser' : 'terms-of-business'
	return {
		filename: `${name}-${order.reference}.txt`,
		content: Buffer.from(`${order.terms.title}\n\n${htmlToText(order.terms.body)}\n`, 'utf8'),
		contentType: 'text/plain; charset=utf-8',
	}
}

// Rich text as plain text: a line per paragraph, heading and list item; tags gone, entities read.
export function htmlToText(html: string): string {
	const blocks = html
		.replace(/<li[^>]*>/gi, '\n- ')
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/(p|h[1-6]|ul|ol|div|blockquote)>/gi, '\n')
	return stripTags(blocks)
		.split('\n')
		.map((line) => line.replace(/[ \t]+/g, ' ').trim())
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}
