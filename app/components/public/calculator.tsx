import { useEffect, useId, useRef, useState } from 'react'
import {
	CALCULATED_PRICE_EVENT,
	pairPricePerWord,
	payableTotal,
	totalFor,
	withVat,
	type CalculatorData,
} from '#app/models/price/rules.ts'
import { formatNumber, formatPrice } from '#app/utils/format.ts'
import { trackEvent } from '#app/utils/analytics.client.ts'
import { Amount } from '#app/components/ui/amount.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { LanguagePairSelects } from '#app/components/public/language-select.tsx'
import { Input } from '#app/components/ui/input.tsx'

// A slider move is recorded once it has settled, not for every step on the way.
const SETTLE_MS = 600
// Half the thumb's width, to keep the indicator over the thumb at both ends of the track.
const THUMB_PX = 24

export function startingWords(min: number, max: number): number {
	return Math.min(max, Math.max(min, 1000))
}

// The spec's price calculator: a slider sets the word count; the page shows the count, the
// rounded total and the price per word in the page's language and currency. The price per word is
// the chosen pair's, the same the price check and the order page use, or the common price until
// both languages are chosen.
export function Calculator({
	languages,
	pairPrices,
	defaultPricePerWord,
	minimumOrder,
	vatPercent,
	currency,
	min,
	max,
}: CalculatorData) {
	const { locale, t } = useI18n()
	const id = useId()
	const [words, setWords] = useState(() => startingWords(min, max))
	const [pair, setPair] = useState({ from: '', to: '' })
	const pricePerWord = pairPricePerWord(pairPrices, pair.from, pair.to, defaultPricePerWord)
	const names = Object.fromEntries(languages.map((language) => [language.code, language.name]))
	const hasPair = Boolean(pair.from && pair.to && pair.from !== pair.to)
	// The big figure is what the customer pays: the minimum order where the words cost less.
	const wordsTotal = totalFor(pricePerWord, words)
	const total = payableTotal(wordsTotal, minimumOrder)
	const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(settleTimer.current), [])

	function change(value: number) {
		setWords(value)
		clearTimeout(settleTimer.current)
		settleTimer.current = setTimeout(() => trackEvent(CALCULATED_PRICE_EVENT, { words: value }), SETTLE_MS)
	}

	const count = formatNumber(words, locale)
	return (
		<section
			data-controller="calculator"
			data-price-per-word={pricePerWord}
			data-currency={currency}
			aria-labelledby={`${id}-title`}
			className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
		>
			<h2 id={`${id}-title`} className="mb-4 text-xl font-semibold text-slate-900">
				{t('calculator.title')}
			</h2>
			<div className="mb-4 flex flex-wrap gap-4">
				<LanguagePairSelects
					idPrefix={id}
					languages={languages}
					placeholder={t('calculator.anyLanguage')}
					onChange={(side, code) => setPair((current) => ({ ...current, [side]: code }))}
				/>
			</div>
			<WordSlider id={id} min={min} max={max} words={words} onChange={change} />
			<dl className="mt-4 flex flex-wrap gap-x-8 gap-y-4" aria-live="polite">
				<div>
					<Text as="dt" k="calculator.count" className="text-sm text-slate-600" />
					<dd className="text-2xl font-bold text-slate-900" data-words={words}>
						{t('calculator.words', { count })}
					</dd>
				</div>
				<div>
					<Text as="dt" k="calculator.total" className="text-sm text-slate-600" />
					<dd className="text-2xl font-bold text-teal-800" data-total={total}>
						<Amount value={total} currency={currency} vat="excl" />
					</dd>
				</div>
			</dl>
			<p className="mt-1 text-sm text-slate-700">
				{t('calculator.inclVat', { vat: vatPercent })}:{' '}
				<Amount value={withVat(total, vatPercent)} currency={currency} vat="incl" className="font-semibold" />
			</p>
			<p className="mt-2 text-sm text-slate-600" data-price-note>
				{hasPair
					? t('calculator.pairPrice', {
							from: names[pair.from] ?? pair.from,
							to: names[pair.to] ?? pair.to,
							price: formatPrice(pricePerWord, currency, locale),
						})
					: t('calculator.commonPrice', { price: formatPrice(pricePerWord, currency, locale) })}
			</p>
			{pair.from && pair.from === pair.to && (
				<Text as="p" k="priceCheck.same" className="mt-2 text-sm text-amber-800" />
			)}
			{wordsTotal < minimumOrder && (
				<p className="mt-2 text-sm text-slate-700" data-minimum-applied data-words-total={wordsTotal}>
					{t('calculator.belowMinimum', {
						count,
						amount: formatPrice(wordsTotal, currency, locale),
						minimum: formatPrice(minimumOrder, currency, locale),
					})}
				</p>
			)}
		</section>
	)
}

type SliderProps = { id: string; min: number; max: number; words: number; onChange: (words: number) => void }

// The number of words, on a slider with the count riding above its thumb.
function WordSlider({ id, min, max, words, onChange: change }: SliderProps) {
	const { locale, t } = useI18n()
	const share = max > min ? (words - min) / (max - min) : 0
	const count = formatNumber(words, locale)
	return (
		<>
			<label htmlFor={id} className="mb-2 block font-medium">
				{t('calculator.label')}
			</label>
			<div className="relative pt-9">
				<output
					htmlFor={id}
					aria-hidden="true"
					className="absolute top-0 -translate-x-1/2 rounded bg-teal-800 px-2 py-0.5 text-sm font-semibold whitespace-nowrap text-white"
					style={{ left: `calc(${share * 100}% + ${(0.5 - share) * THUMB_PX}px)` }}
				>
					{count}
				</output>
				<Input variant="bare"
					id={id}
					type="range"
					min={min}
					max={max}
					step={10}
					value={words}
					aria-valuetext={t('calculator.words', { count })}
					onChange={(event) => change(Number(event.currentTarget.value))}
					className="h-6 w-full cursor-pointer accent-teal-800"
				/>
			</div>
		</>
	)
}
