import { createPdfWriter, printable } from '#app/models/pdf/writer.server.ts'
import { formatNumber, formatPrice, formatDay } from '#app/utils/format.ts'
import { translate, type MessageKey, type Messages } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { findQuote } from '#app/models/quote/quote.server.ts'
import { breakdownLines, type UnpricedPart } from '#app/models/wordcount/parts.ts'

type SavedQuote = NonNullable<Awaited<ReturnType<typeof findQuote>>>

// The quote as an A4 PDF in the customer's language: the same lines and totals as its page.
export async function renderQuotePdf(
	quote: SavedQuote,
	locale: Locale,
	messages: Messages,
	agencyName: string,
): Promise<Uint8Array> {
	const t = (key: MessageKey, vars?: Record<string, string | number>) =>
		printable(translate(messages, key, vars).replace(/<[^>]*>/g, ''))
	const money = (amount: number) => printable(formatPrice(amount, quote.currency, locale))
	const day = (value: string) => printable(formatDay(value, locale))
	const { details } = quote

	const { line, space, save } = await createPdfWriter(`${t('savedQuote.title')} ${quote.id.slice(0, 8)}`)

	line(printable(agencyName), { size: 10 })
	space(10)
	line(t('savedQuote.title'), { size: 20, isBold: true })
	line(t('savedQuote.lead', { date: day(quote.createdAt.toISOString()), validUntil: day(quote.validUntil) }), {
		size: 10,
	})
	if (details.fromName && details.toName) line(`${t('prices.pair')}: ${details.fromName} -> ${details.toName}`)
	line(`${t('quote.deliveryDate')}: ${quote.deliveryDate ? day(quote.deliveryDate) : day(details.quote.standardDate)}`)
	space(10)
	for (const item of details.quote.lines) {
		const basis =
			item.basis === 'words'
				? t('quote.wordsAt', { words: formatNumber(item.quantity ?? 0, locale), price: money(details.pricePerWord) })
				: item.basis === 'minutes'
					? t('quote.minutesAt', {
							minutes: formatNumber(item.quantity ?? 0, locale),
							price: money(details.pricePerMinute),
						})
					: t('order.manual')
		line(`${item.name} (${basis})`, { right: money(item.amount) })
		// What the count is made of, as the page shows it when the line is opened.
		const parts = item.basis === 'words' ? breakdownLines(item.parts) : []
		if (parts.length > 1 || parts.some((part) => !part.priced)) {
			const words = (count: number) => t('quote.partWords', { words: formatNumber(count, locale) })
			for (const { part, words: count, priced } of parts)
				line(
					`    ${t(`quote.part.${part}`)}: ${words(count)}${priced ? '' : ` (${t(`quote.unpriced.${part as UnpricedPart}`)})`}`,
					{ size: 8 },
				)
		}
		if (item.basis === 'words' && item.corrected) line(`    ${t('quote.corrected')}`, { size: 8 })
	}
	space(6)
	if (details.quote.minimumApplied) line(t('quote.minimum'), { right: money(details.minimumOrder) })
	if (details.quote.express > 0)
		line(t('quote.express', { percent: details.quote.surchargePercent }), { right: money(details.quote.express) })
	if (details.quote.copies > 0)
		line(t('quote.copiesLine', { copies: quote.copies }), { right: money(details.quote.copies) })
	line(t('quote.total'), { isBold: true, right: money(details.quote.total) })
	line(t('quote.vat', { vat: details.vatPercent }), { right: money(details.quote.vat) })
	line(t('quote.totalWithVat'), { isBold: true, right: money(details.quote.totalWithVat) })
	if (details.quote.hasManual) {
		space(6)
		line(t('quote.manualNote'), { size: 9 })
	}
	return save()
}
