import type { InvoiceLine } from '#database/schema.ts'
import type { SavedQuoteDetails } from '#app/models/quote/quote.server.ts'
import { formatNumber } from '#app/utils/format.ts'
import { translate, type Messages } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'

const round2 = (amount: number) => Math.round(amount * 100) / 100

export class NotInvoiceable extends Error {}

// The invoice's lines as the quote priced them: one per document (its words, repeats and minutes
// in the description; the quote's rounded amount as the price), the top-up to the minimum order,
// the express surcharge and the certified copies. Their sum is the quote's total without VAT, to
// the øre. A document still waiting for a count or for a person's quote cannot be invoiced: staff
// correct its count first.
export function invoiceLinesFromQuote(
	details: SavedQuoteDetails,
	copies: number,
	messages: Messages,
	locale: Locale,
): InvoiceLine[] {
	const { quote } = details
	if (quote.hasManual || quote.isPending) throw new NotInvoiceable('a document has no count')
	const t = (key: string, vars: Record<string, string | number> = {}) =>
		translate(messages, key, vars).replace(/<[^>]*>/g, '')
	const pair = details.fromName && details.toName ? ` (${details.fromName} → ${details.toName})` : ''
	const lines: InvoiceLine[] = quote.lines
		.filter((line) => line.basis !== 'stated')
		.map((line) => {
			const measure =
				line.basis === 'words' && line.quantity !== undefined
					? t('invoice.words', { words: formatNumber(line.quantity, locale) }) +
						(line.repeated ? `, ${t('invoice.repeated', { words: formatNumber(line.repeated, locale) })}` : '')
					: line.basis === 'pages'
						? t('invoice.pages', { pages: formatNumber(line.quantity ?? 0, locale) })
						: ''
			return item(`${line.name}${measure ? `: ${measure}` : ''}${pair}`, 1, line.amount)
		})
	const { certified } = quote
	if (certified && certified.scannedPages > 0)
		lines.push({
			description: `${t('invoice.scanned')}${pair}`,
			quantity: certified.scannedPages,
			unit: 'pages',
			unitPrice: certified.pricePerPage,
			amount: certified.scanned,
		})
	if (quote.minimumApplied)
		lines.push(item(t('invoice.minimum'), 1, round2(quote.total - quote.express - quote.copies - quote.translation)))
	if (quote.express > 0) lines.push(item(t('quote.express', { percent: quote.surchargePercent }), 1, quote.express))
	if (certified && certified.certifiedPdf > 0) lines.push(item(t('quote.pdfLine'), 1, certified.certifiedPdf))
	if (copies > 0 && quote.copies > 0)
		lines.push({
			description: t('quote.copies'),
			quantity: copies,
			unit: 'pieces',
			unitPrice: round2(quote.copies / copies),
			amount: quote.copies,
		})
	return lines
}

const item = (description: string, quantity: number, amount: number): InvoiceLine => ({
	description,
	quantity,
	unit: 'items',
	unitPrice: amount,
	amount,
})

// Net, VAT and total of lines, each rounded to the øre once.
export function invoiceTotals(lines: InvoiceLine[], vatPercent: number) {
	const net = round2(lines.reduce((sum, line) => sum + line.amount, 0))
	const vat = round2((net * vatPercent) / 100)
	return { net, vat, total: round2(net + vat) }
}
