import { useLoaderData } from 'react-router'
import type { Route } from './+types/prices'
import { AutoSubmitForm } from '#app/components/auto-submit.tsx'
import { Calculator } from '#app/components/calculator.tsx'
import { Text, useI18n } from '#app/components/i18n.tsx'
import { LangCombo } from '#app/components/lang-combo.tsx'
import { LanguageSelect } from '#app/components/language-select.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { Tooltip } from '#app/components/tooltip.tsx'
import { listPairPrices, quotePair, UnknownLanguageError } from '#app/models/price/price.server.ts'
import { listActiveLanguages } from '#app/models/site.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { formatPrice, formatWholePrice } from '#app/utils/format.ts'
import { localeFromPath, PAIR_PRICE_PATHS, pathFor, type Locale } from '#app/utils/locales.ts'
import { withVat } from '#app/models/price/rules.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const locale = localeFromPath(url.pathname)
	const db = getDb(context)
	const settings = await getRequestSettings(context)
	const languages = await listActiveLanguages(db, locale)
	const filter = languages.find((language) => language.code === url.searchParams.get('language'))?.code ?? ''
	const [pairs, check] = await Promise.all([listPairPrices(db, locale, settings, filter || undefined), checkFromQuery(db, url, locale)])
	const { pricePerWord, currency, calculatorMinWords, calculatorMaxWords, defaultPricePerWord, minimumOrder, vatPercent } = settings
	const { expressSurcharge1Day, expressSurcharge2Days, certifiedCopyPrice } = settings
	return {
		calculator: { pricePerWord, currency, min: calculatorMinWords, max: calculatorMaxWords },
		languages,
		filter,
		pairs,
		check,
		facts: { currency, defaultPricePerWord, minimumOrder, vatPercent, expressSurcharge1Day, expressSurcharge2Days, certifiedCopyPrice },
	}
}

// The price check's answer for a visitor without script (the form asks this page with ?from=&to=).
async function checkFromQuery(db: ReturnType<typeof getDb>, url: URL, locale: Locale) {
	const from = url.searchParams.get('from')
	const to = url.searchParams.get('to')
	if (!from || !to || from === to) return from || to ? { from: from ?? '', to: to ?? '', quote: null } : undefined
	try {
		return { from, to, quote: await quotePair(db, from, to, locale) }
	} catch (error) {
		if (error instanceof UnknownLanguageError) return undefined
		throw error
	}
}

export default function Prices() {
	const { calculator, languages, filter, pairs, check, facts } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const price = (amount: number) => formatPrice(amount, facts.currency, locale)
	const whole = (amount: number) => formatWholePrice(amount, facts.currency, locale)
	return (
		<>
			<PageMeta title={t('prices.title')} description={t('prices.lead')} />
			<PageHeading title={<Text k="prices.title" />} lead={<Text k="prices.lead" />} />
			<p className="mb-8 text-2xl">
				{t('prices.perWord')}: <strong className="text-teal-800">{price(calculator.pricePerWord)}</strong>
			</p>
			<div className="mb-12 grid gap-6 lg:grid-cols-2">
				<Calculator {...calculator} />
				<LangCombo languages={languages} url={PAIR_PRICE_PATHS[locale]} action={pathFor('prices', locale)} initial={check} />
			</div>

			<section aria-labelledby="pair-prices" className="mb-12">
				<h2 id="pair-prices" className="mb-4 text-2xl font-semibold text-slate-900">
					{t('prices.pairsTitle')}
				</h2>
				<AutoSubmitForm method="get" className="mb-4 flex flex-wrap items-end gap-3">
					<LanguageSelect id="price-filter" name="language" label={t('prices.filter')} languages={languages} placeholder={t('prices.filterAll')} defaultValue={filter} />
					<button type="submit" className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-50">
						{t('prices.filterSubmit')}
					</button>
				</AutoSubmitForm>
				<div className="overflow-x-auto rounded-md border border-slate-200">
					<table className="w-full text-left">
						<Text as="caption" k="prices.pairsCaption" vars={{ vat: facts.vatPercent }} className="sr-only" />
						<thead className="bg-slate-100">
							<tr>
								<Text as="th" k="prices.pair" scope="col" className="px-3 py-2" />
								<Text as="th" k="prices.exclVat" scope="col" className="px-3 py-2 text-right" />
								<Text as="th" k="prices.inclVat" vars={{ vat: facts.vatPercent }} scope="col" className="px-3 py-2 text-right" />
							</tr>
						</thead>
						<tbody>
							{pairs.map((pair) => (
								<tr key={`${pair.fromCode}-${pair.toCode}`} className="border-t border-slate-200">
									<th scope="row" className="px-3 py-2 font-normal">
										{pair.from} → {pair.to}
									</th>
									<td className="px-3 py-2 text-right">{price(pair.pricePerWord)}</td>
									<td className="px-3 py-2 text-right">{price(withVat(pair.pricePerWord, facts.vatPercent))}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</section>

			<section aria-labelledby="other-prices" className="mb-12">
				<h2 id="other-prices" className="mb-4 text-2xl font-semibold text-slate-900">
					{t('prices.otherTitle')}
				</h2>
				<dl className="grid max-w-2xl gap-x-8 gap-y-3 sm:grid-cols-[1fr_auto]">
					<Text as="dt" k="prices.minimumOrder" />
					<Text as="dd" k="prices.exclInclVat" vars={{ excl: whole(facts.minimumOrder), incl: whole(withVat(facts.minimumOrder, facts.vatPercent)) }} className="font-semibold" />
					<Text as="dt" k="prices.express1" />
					<dd className="font-semibold">
						{t('prices.surcharge', { percent: facts.expressSurcharge1Day })}
						<Tooltip label={t('prices.workingDaysLabel')} text={t('prices.workingDays')} />
					</dd>
					<Text as="dt" k="prices.express2" />
					<Text as="dd" k="prices.surcharge" vars={{ percent: facts.expressSurcharge2Days }} className="font-semibold" />
					<Text as="dt" k="prices.certified" />
					<Text as="dd" k="prices.exclInclVat" vars={{ excl: price(facts.certifiedCopyPrice), incl: price(withVat(facts.certifiedCopyPrice, facts.vatPercent)) }} className="font-semibold" />
				</dl>
			</section>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
