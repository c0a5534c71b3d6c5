import { createPdfWriter, printable } from '#app/models/pdf/writer.server.ts'
import { formatNumber, formatPrice, formatDay } from '#app/utils/format.ts'
import { translate, type MessageKey, type Messages } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { findQuote } from '#app/models/quote/quote.server.ts'
import type { QuoteParties } from '#app/models/quote/document.server.ts'
import { breakdownLines, partLabelKey, type LeftOutPart } from '#app/models/wordcount/parts.ts'

type SavedQuote = NonNullable<Awaited<ReturnType<typeof findQuote>>>
type Writer = Awaited<ReturnType<typeof createPdfWriter>>
type Tools = Writer & {
	t: (key: MessageKey, vars?: Record<string, string | number>) => string
	money: (amount: number) => string
	number: (value: number) => string
	day: (value: string) => string
}

const round2 = (amount: number) => Math.round(amount * 100) / 100

// The quote as an A4 document a business can file, in the customer's language: its number, date
// and validity, the agency and the customer, lines that add up (the repetition discount, the top-up
// to the minimum, express and copies each a line of its own), VAT, and the terms it is given on.
export async function renderQuotePdf(
	quote: SavedQuote,
	locale: Locale,
	messages: Messages,
	parties: QuoteParties,
): Promise<Uint8Array> {
	const t = (key: MessageKey, vars?: Record<string, string | number>) =>
		printable(translate(messages, key, vars).replace(/<[^>]*>/g, ''))
	const writer = await createPdfWriter(`${t('savedQuote.title')} ${quoteNumber(quote.id)}`)
	const tools: Tools = {
		...writer,
		t,
		money: (amount) => printable(formatPrice(amount, quote.currency, locale)),
		number: (value) => formatNumber(value, locale),
		day: (value) => printable(formatDay(value, locale)),
	}
	heading(tools, quote, parties)
	for (const item of quote.details.quote.lines) documentLines(tools, quote, item)
	totals(tools, quote)
	closing(tools, quote, parties)
	return writer.save()
}

// The quote's number: the first part of its link's key, which no other quote shares in practice.
export const quoteNumber = (id: string) => id.slice(0, 8)

function heading({ line, space, t, day }: Tools, quote: SavedQuote, { agency, customer }: QuoteParties) {
	line(agency.name, { isBold: true })
	line(agency.address, { size: 10 })
	line(`CVR ${agency.cvr}  ·  ${agency.email}  ·  ${agency.phone}`, { size: 10 })
	space(14)
	line(`${t('savedQuote.title')} ${quoteNumber(quote.id)}`, { size: 20, isBold: true })
	line(`${t('quoteDocument.date')}: ${day(quote.createdAt.toISOString())}`, { size: 10 })
	line(`${t('quoteDocument.validUntil')}: ${day(quote.validUntil)}`, { size: 10 })
	space(8)
	line(t('quoteDocument.for'), { size: 9 })
	if (customer) {
		line(customer.company ?? customer.name, { isBold: true })
		line(customer.company ? `${customer.name}, ${customer.email}` : customer.email, { size: 10 })
	} else line(t('quoteDocument.anyone'), { size: 10 })
	space(8)
	const { details } = quote
	if (details.fromName && details.toName) line(`${t('prices.pair')}: ${details.fromName} -> ${details.toName}`)
	line(`${t('quote.deliveryDate')}: ${day(quote.deliveryDate ?? details.quote.standardDate)}`)
	space(10)
}

type QuoteItem = SavedQuote['details']['quote']['lines'][number]

// A document: its words at the price, the repetition discount as its own line, what was counted.
function documentLines(tools: Tools, quote: SavedQuote, item: QuoteItem) {
	const { line, t, money, number } = tools
	const { details } = quote
	line(item.name, { size: 10, isBold: true })
	if (item.basis === 'minutes') {
		const quantity = `${number(item.quantity ?? 0)} min x ${money(details.pricePerMinute)}`
		return line(`    ${quantity}`, { size: 10, right: money(item.amount) })
	}
	if (item.basis === 'pages') {
		const pages = t('quote.pagesAt', {
			pages: number(item.quantity ?? 0),
			price: money(details.quote.certified?.pricePerPage ?? 0),
		})
		return line(`    ${pages}`, { size: 10, right: money(item.amount) })
	}
	if (item.basis === 'stated') return line(`    ${t('quote.stated')}`, { size: 10 })
	if (item.basis !== 'words') return line(`    ${t('order.manual')}`, { size: 10, right: '-' })
	const full = round2((item.quantity ?? 0) * details.pricePerWord)
	line(`    ${t('quoteDocument.words', { words: number(item.quantity ?? 0), price: money(details.pricePerWord) })}`, {
		size: 10,
		right: money(full),
	})
	if (item.amount !== full)
		line(
			`    ${t('quoteDocument.repeated', { words: number(item.repeated ?? 0), percent: details.repetitionPercent })}`,
			{ size: 10, right: money(round2(item.amount - full)) },
		)
	countedParts(tools, item)
}

function countedParts({ line, t, number }: Tools, item: QuoteItem) {
	if (item.basis !== 'words') return
	const parts = breakdownLines(item.parts)
	if (parts.length > 1 || parts.some((part) => !part.priced)) {
		const words = (count: number) => t('quote.partWords', { words: number(count) })
		for (const { part, words: count, priced } of parts)
			line(
				`        ${t(partLabelKey(part, item.name))}: ${words(count)}${priced ? '' : ` (${t(`quote.unpriced.${part as LeftOutPart}`)})`}`,
				{ size: 8 },
			)
	}
	if (item.corrected) line(`        ${t('quote.corrected')}`, { size: 8 })
}

function totals({ line, space, t, money }: Tools, quote: SavedQuote) {
	const { details } = quote
	const figures = details.quote
	space(6)
	const { certified } = figures
	if (certified && certified.scannedPages > 0)
		line(t('quote.scannedLine', { pages: certified.scannedPages, price: money(certified.pricePerPage) }), {
			size: 10,
			right: money(certified.scanned),
		})
	if (certified && certified.certifiedPdf > 0)
		line(t('quote.pdfLine'), { size: 10, right: money(certified.certifiedPdf) })
	if (figures.minimumApplied)
		line(t('invoice.minimum'), { size: 10, right: money(round2(details.minimumOrder - figures.translation)) })
	if (figures.express > 0)
		line(t('quote.express', { percent: figures.surchargePercent }), { size: 10, right: money(figures.express) })
	if (figures.copies > 0)
		line(t('quote.copiesLine', { copies: quote.copies }), { size: 10, right: money(figures.copies) })
	line(t('quote.total'), { isBold: true, right: money(figures.total) })
	line(t('quote.vat', { vat: details.vatPercent }), { right: money(figures.vat) })
	line(t('quote.totalWithVat'), { isBold: true, right: money(figures.totalWithVat) })
}

function closing({ line, space, t, day }: Tools, quote: SavedQuote, { terms }: QuoteParties) {
	space(14)
	if (quote.details.quote.hasManual) line(t('quote.manualNote'), { size: 9 })
	line(t('quoteDocument.binding', { date: day(quote.validUntil) }), { size: 9 })
	line(t('quoteDocument.terms', { title: terms.title, version: terms.version }), { size: 9 })
	line(terms.url, { size: 9 })
}
