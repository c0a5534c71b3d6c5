import { formatNumber, formatPrice } from '#app/utils/format.ts'
import type { Quote } from '#app/models/quote/rules.ts'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { CountBreakdownDetails } from '#app/components/order/count-breakdown.tsx'
import { CountedText, type CountedPart } from '#app/components/order/counted-text.tsx'
import { partLabelKey, type CountPart } from '#app/models/wordcount/parts.ts'

export type QuotePrices = {
	pricePerWord: number
	pricePerMinute: number
	repetitionPercent: number
	minimumOrder: number
	vatPercent: number
	currency: string
}

// The quote's lines and totals: the same table on the order page and on a saved quote's page.
export function QuoteTable({
	quote,
	prices,
	copies,
	describedBy,
	counted,
}: {
	quote: Quote
	prices: QuotePrices
	copies: number
	describedBy?: string
	// A saved quote's lines: the text each was counted from (by line), with its download.
	counted?: ({ parts: CountedPart[]; href: string } | null)[]
}) {
	const { locale, t } = useI18n()
	const countedLabels = {
		summary: t('quote.countedText'),
		shortened: (shown: number, characters: number) =>
			t('quote.countedShortened', { shown: formatNumber(shown, locale), characters: formatNumber(characters, locale) }),
		download: t('quote.countedDownload'),
	}
	const money = (amount: number) => formatPrice(amount, prices.currency, locale)
	return (
		<table className="w-full text-left" aria-describedby={describedBy}>
			<Text as="caption" k="quote.title" className="sr-only" />
			<thead>
				<tr className="border-b border-slate-300">
					<Text as="th" k="quote.file" scope="col" className="py-2" />
					<Text as="th" k="quote.amount" scope="col" className="py-2 text-right" />
				</tr>
			</thead>
			<tbody>
				{quote.lines.map((line, index) => (
					<tr key={`${line.name}-${index}`} className="border-b border-slate-200">
						<th scope="row" className="py-2 pr-3 font-normal wrap-anywhere">
							{line.name}{' '}
							<span className="text-sm text-slate-600">
								{line.basis === 'words' &&
									t('quote.wordsAt', {
										words: formatNumber(line.quantity ?? 0, locale),
										price: money(prices.pricePerWord),
									})}
								{line.basis === 'words' &&
									(line.repeated ?? 0) > 0 &&
									` · ${t('quote.repeated', { words: formatNumber(line.repeated ?? 0, locale), percent: prices.repetitionPercent })}`}
								{line.basis === 'minutes' &&
									t('quote.minutesAt', {
										minutes: formatNumber(line.quantity ?? 0, locale),
										price: money(prices.pricePerMinute),
									})}
								{line.basis === 'pages' &&
									t('quote.pagesAt', {
										pages: formatNumber(line.quantity ?? 0, locale),
										price: money(quote.certified?.pricePerPage ?? 0),
									})}
								{line.basis === 'stated' && t('quote.stated')}
								{line.basis === 'manual' && t('order.manual')}
								{line.basis === 'pending' && t('order.counting')}
							</span>
							{line.basis === 'words' && (
								<CountBreakdownDetails parts={line.parts} corrected={line.corrected} fileName={line.name} />
							)}
							{counted?.[index] && (
								<CountedText
									parts={counted[index].parts}
									href={counted[index].href}
									fileName={line.name}
									labels={{ ...countedLabels, part: (part: CountPart) => t(partLabelKey(part, line.name)) }}
								/>
							)}
						</th>
						<td className="py-2 text-right whitespace-nowrap">
							{line.basis === 'words' || line.basis === 'minutes' || line.basis === 'pages' ? money(line.amount) : '–'}
						</td>
					</tr>
				))}
				{quote.certified && quote.certified.scannedPages > 0 && (
					<Row
						label={t('quote.scannedLine', {
							pages: formatNumber(quote.certified.scannedPages, locale),
							price: money(quote.certified.pricePerPage),
						})}
						value={money(quote.certified.scanned)}
					/>
				)}
				{quote.certified && quote.certified.certifiedPdf > 0 && (
					<Row label={t('quote.pdfLine')} value={money(quote.certified.certifiedPdf)} />
				)}
				{quote.minimumApplied && (
					<Row label={t('quote.minimum')} value={formatPrice(prices.minimumOrder, prices.currency, locale)} />
				)}
				{quote.express > 0 && (
					<Row label={t('quote.express', { percent: quote.surchargePercent })} value={money(quote.express)} />
				)}
				{quote.copies > 0 && <Row label={t('quote.copiesLine', { copies })} value={money(quote.copies)} />}
			</tbody>
			<tfoot>
				<Row label={t('quote.total')} value={money(quote.total)} strong />
				<Row label={t('quote.vat', { vat: prices.vatPercent })} value={money(quote.vat)} />
				<Row label={t('quote.totalWithVat')} value={money(quote.totalWithVat)} strong />
			</tfoot>
		</table>
	)
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
	return (
		<tr className={strong ? 'font-semibold text-slate-900' : ''}>
			<th scope="row" className="py-1 font-[inherit]">
				{label}
			</th>
			<td className="py-1 text-right">{value}</td>
		</tr>
	)
}
