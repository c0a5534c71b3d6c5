import { useState } from 'react'
import type { DocumentView } from '#app/models/documents/present.ts'
import { formatDay } from '#app/utils/format.ts'
import {
	calculateQuote,
	expressSurchargeFor,
	standardDays,
	type CertifiedChoice,
	type QuoteRates,
} from '#app/models/quote/rules.ts'
import { CertifiedChoiceFields } from '#app/components/order/certified-choice.tsx'
import { Amount } from '#app/components/ui/amount.tsx'
import { asCalendarDate, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { DatePicker } from '#app/components/order/date-picker.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { LanguageSelect } from '#app/components/public/language-select.tsx'
import { NumberWheel } from '#app/components/order/number-wheel.tsx'
import { QuoteTable } from '#app/components/order/quote-table.tsx'
import { pairPricePerWord } from '#app/models/price/rules.ts'
import { Button } from '#app/components/ui/button.tsx'

export type ChoiceErrors = Partial<
	Record<'from_language' | 'to_language' | 'delivery_date' | 'copies' | 'certified' | 'pages' | 'certified_pdf', string>
>

type Props = {
	documents: DocumentView[]
	errors: ChoiceErrors
	languages: { code: string; name: string }[]
	pairPrices: Record<string, number>
	// Pairs with their own certified page price.
	pagePrices: Record<string, number>
	rates: Omit<QuoteRates, 'pricePerWord'> & {
		defaultPricePerWord: number
		currency: string
		certifiedPagePrice: number
		certifiedPdfPrice: number
	}
	// How long a saved quote holds.
	validityDays: number
	// The lowest price per word of any pair: the "from" price until both languages are chosen.
	fromPricePerWord: number
	today: CalendarDate
	minDate: CalendarDate
	// The choices as last sent, when the form came back refused (without script, a new page).
	defaults: Partial<Record<keyof ChoiceErrors, string>>
}

// The instant quote: per file and in total, from the pair's price, the delivery date and the
// copies, recalculated as the counts arrive and the choices change.
export function OrderQuote({
	documents,
	errors,
	defaults,
	languages,
	pairPrices,
	pagePrices,
	rates,
	validityDays,
	fromPricePerWord,
	today,
	minDate,
}: Props) {
	const { locale, t } = useI18n()
	const [pair, setPair] = useState({ from: defaults.from_language ?? '', to: defaults.to_language ?? '' })
	const [deliveryDate, setDeliveryDate] = useState<CalendarDate | null>(asCalendarDate(defaults.delivery_date))
	const [copies, setCopies] = useState(Number(defaults.copies) || 0)
	const [certified, setCertified] = useState<CertifiedChoice | null>(
		defaults.certified === 'on' ? { pages: Number(defaults.pages) || 0, pdf: defaults.certified_pdf === 'on' } : null,
	)
	const hasPair = Boolean(pair.from && pair.to && pair.from !== pair.to)
	const pricePerWord = hasPair
		? pairPricePerWord(pairPrices, pair.from, pair.to, rates.defaultPricePerWord)
		: fromPricePerWord
	const pricePerPage = pairPricePerWord(pagePrices, pair.from, pair.to, rates.certifiedPagePrice)
	const quote = calculateQuote(
		documents,
		{ ...rates, pricePerWord, pricePerPage },
		{ copies, deliveryDate, today, certified },
	)
	const days = standardDays(quote.words, rates.wordsPerDay)
	const surchargeOf = (day: CalendarDate) => expressSurchargeFor(today, day, days, rates)
	return (
		<section aria-labelledby="quote-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
			<h2 id="quote-title" className="mb-4 text-2xl font-semibold text-slate-900">
				{t('quote.title')}
			</h2>
			{/* Part of the request form around it; "save the quote" posts the same fields elsewhere. */}
			<div role="group" aria-labelledby="quote-title" className="mb-6 flex flex-wrap items-start gap-4">
				{(['from', 'to'] as const).map((side) => (
					<LanguageSelect
						key={side}
						id={`request-${side}-language`}
						name={`${side}_language`}
						label={t(`priceCheck.${side}`)}
						languages={languages}
						placeholder={t('priceCheck.choose')}
						defaultValue={defaults[`${side}_language`]}
						error={errors[`${side}_language`]}
						onChange={(code) => setPair((current) => ({ ...current, [side]: code }))}
					/>
				))}
				<DatePicker
					id="request-delivery-date"
					name="delivery_date"
					label={t('quote.deliveryDate')}
					min={minDate}
					value={deliveryDate}
					onChange={setDeliveryDate}
					error={errors.delivery_date}
					surchargeOf={surchargeOf}
				/>
				<NumberWheel
					id="request-copies"
					name="copies"
					label={t('quote.copies')}
					value={copies}
					min={0}
					max={100}
					onChange={setCopies}
					error={errors.copies}
				/>
				<CertifiedChoiceFields
					certified={certified}
					onChange={setCertified}
					pricePerPage={pricePerPage}
					pdfPrice={rates.certifiedPdfPrice}
					currency={rates.currency}
					error={errors.pages}
				/>
			</div>
			{pair.from && pair.from === pair.to && <Text as="p" k="priceCheck.same" className="mb-4 text-amber-800" />}
			{documents.length === 0 ? (
				<Text as="p" k="quote.empty" className="text-slate-600" />
			) : hasPair ? (
				<QuoteTable quote={quote} prices={{ ...rates, pricePerWord }} copies={copies} describedBy="quote-notes" />
			) : (
				<p className="rounded-md bg-slate-50 p-4 text-slate-800" data-from-price>
					<Text k="quote.fromPrice" />{' '}
					<Amount
						value={quote.total}
						currency={rates.currency}
						vat="excl"
						className="text-xl font-bold text-teal-800"
					/>
					<Text as="span" k="quote.chooseLanguages" className="mt-1 block text-sm text-slate-700" />
				</p>
			)}
			<div id="quote-notes" className="mt-4 space-y-1 text-sm text-slate-600">
				<Text as="p" k="quote.standardDate" vars={{ date: formatDay(quote.standardDate, locale) }} />
				{quote.hasManual && <Text as="p" k="quote.manualNote" />}
			</div>
			{documents.length > 0 && <SaveQuote validityDays={validityDays} />}
		</section>
	)
}

// "Save the quote": the order page's main way on once there are documents.
function SaveQuote({ validityDays }: { validityDays: number }) {
	const { t } = useI18n()
	return (
		<div className="mt-6 border-t border-slate-200 pt-4">
			<Button
				variant="large"
				type="submit"
				name="intent"
				value="save-quote"
				formNoValidate
				aria-describedby="quote-save-next"
			>
				{t('quote.save')}
			</Button>
			<Text
				as="p"
				id="quote-save-next"
				k="quote.saveNext"
				vars={{ count: validityDays }}
				className="mt-2 max-w-2xl text-sm text-slate-700"
			/>
		</div>
	)
}
