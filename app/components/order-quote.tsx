import { useState } from 'react'
import type { DocumentView } from '#app/models/documents/present.ts'
import { formatDate, formatNumber, formatPrice, formatWholePrice } from '#app/utils/format.ts'
import { calculateQuote, type QuoteRates } from '#app/utils/quote.ts'
import type { CalendarDate } from '#app/utils/working-days.ts'
import { AuthenticityTokenInput } from './authenticity-token.tsx'
import { DatePicker } from './date-picker.tsx'
import { useI18n } from './i18n.tsx'
import { LanguageSelect } from './language-select.tsx'
import { NumberWheel } from './number-wheel.tsx'

type Props = {
	documents: DocumentView[]
	languages: { code: string; name: string }[]
	pairPrices: Record<string, number>
	rates: Omit<QuoteRates, 'pricePerWord'> & { defaultPricePerWord: number; currency: string }
	today: CalendarDate
	minDate: CalendarDate
	saveAction: string
}

// The instant quote: per file and in total, from the pair's price, the delivery date and the
// copies, recalculated as the counts arrive and the choices change.
export function OrderQuote({ documents, languages, pairPrices, rates, today, minDate, saveAction }: Props) {
	const { locale, t } = useI18n()
	const [pair, setPair] = useState({ from: '', to: '' })
	const [deliveryDate, setDeliveryDate] = useState<CalendarDate | null>(null)
	const [copies, setCopies] = useState(0)
	const pricePerWord = pairPrices[`${pair.from}-${pair.to}`] ?? rates.defaultPricePerWord
	const quote = calculateQuote(documents, { ...rates, pricePerWord }, { copies, deliveryDate, today })
	const money = (amount: number) => formatPrice(amount, rates.currency, locale)
	return (
		<section aria-labelledby="quote-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
			<h2 id="quote-title" className="mb-4 text-2xl font-semibold text-slate-900">
				{t('quote.title')}
			</h2>
			<form id="quote-choices" method="post" action={saveAction} className="mb-6 flex flex-wrap items-end gap-4">
				<AuthenticityTokenInput />
				<LanguageSelect
					id="quote-from"
					name="from_language"
					label={t('priceCheck.from')}
					languages={languages}
					placeholder={t('priceCheck.choose')}
					onChange={(from) => setPair((current) => ({ ...current, from }))}
				/>
				<LanguageSelect
					id="quote-to"
					name="to_language"
					label={t('priceCheck.to')}
					languages={languages}
					placeholder={t('priceCheck.choose')}
					onChange={(to) => setPair((current) => ({ ...current, to }))}
				/>
				<DatePicker name="delivery_date" label={t('quote.deliveryDate')} min={minDate} value={deliveryDate} onChange={setDeliveryDate} />
				<NumberWheel name="copies" label={t('quote.copies')} value={0} min={0} max={100} onChange={setCopies} />
			</form>
			{pair.from && pair.from === pair.to && <p className="mb-4 text-amber-800">{t('priceCheck.same')}</p>}
			{documents.length === 0 ? (
				<p className="text-slate-600">{t('quote.empty')}</p>
			) : (
				<table className="w-full text-left" aria-describedby="quote-notes">
					<caption className="sr-only">{t('quote.title')}</caption>
					<thead>
						<tr className="border-b border-slate-300">
							<th scope="col" className="py-2">{t('quote.file')}</th>
							<th scope="col" className="py-2 text-right">{t('quote.amount')}</th>
						</tr>
					</thead>
					<tbody>
						{quote.lines.map((line, index) => (
							<tr key={`${line.name}-${index}`} className="border-b border-slate-200">
								<th scope="row" className="py-2 font-normal">
									{line.name}{' '}
									<span className="text-sm text-slate-600">
										{line.basis === 'words' && t('quote.wordsAt', { words: formatNumber(line.quantity ?? 0, locale), price: money(pricePerWord) })}
										{line.basis === 'words' && (line.repeated ?? 0) > 0 && ` · ${t('quote.repeated', { words: formatNumber(line.repeated ?? 0, locale), percent: rates.repetitionPercent })}`}
										{line.basis === 'minutes' && t('quote.minutesAt', { minutes: formatNumber(line.quantity ?? 0, locale), price: money(rates.pricePerMinute) })}
										{line.basis === 'manual' && t('order.manual')}
										{line.basis === 'pending' && t('order.counting')}
									</span>
								</th>
								<td className="py-2 text-right">{line.basis === 'words' || line.basis === 'minutes' ? money(line.amount) : '–'}</td>
							</tr>
						))}
						{quote.minimumApplied && <Row label={t('quote.minimum')} value={formatWholePrice(rates.minimumOrder, rates.currency, locale)} />}
						{quote.express > 0 && <Row label={t('quote.express', { percent: quote.surchargePercent })} value={money(quote.express)} />}
						{quote.copies > 0 && <Row label={t('quote.copiesLine', { copies })} value={money(quote.copies)} />}
					</tbody>
					<tfoot>
						<Row label={t('quote.total')} value={money(quote.total)} strong />
						<Row label={t('quote.vat', { vat: rates.vatPercent })} value={money(quote.vat)} />
						<Row label={t('quote.totalWithVat')} value={money(quote.totalWithVat)} strong />
					</tfoot>
				</table>
			)}
			<div id="quote-notes" className="mt-4 space-y-1 text-sm text-slate-600">
				<p>{t('quote.standardDate', { date: formatDate(new Date(`${quote.standardDate}T12:00:00`), locale) })}</p>
				{quote.hasManual && <p>{t('quote.manualNote')}</p>}
			</div>
			{documents.length > 0 && (
				<button type="submit" form="quote-choices" className="mt-4 rounded-md bg-teal-800 px-5 py-3 font-semibold text-white hover:bg-teal-900">
					{t('quote.save')}
				</button>
			)}
		</section>
	)
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
	return (
		<tr className={strong ? 'font-semibold text-slate-900' : ''}>
			<th scope="row" className="py-1 font-[inherit]">
				{label}
			</th>
			<td className="py-1 text-right" data-amount>
				{value}
			</td>
		</tr>
	)
}
