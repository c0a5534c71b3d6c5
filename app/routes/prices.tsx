import { useLoaderData } from 'react-router'
import type { Route } from './+types/prices'
import { Amount } from '#app/components/ui/amount.tsx'
import { Calculator } from '#app/components/public/calculator.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { formatNumber } from '#app/utils/format.ts'
import { LangCombo } from '#app/components/public/lang-combo.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { PairPriceList, PriceGroups } from '#app/components/public/pair-prices.tsx'
import { Tooltip } from '#app/components/ui/tooltip.tsx'
import {
	calculatorData,
	fromPricePerWord,
	listPairPrices,
	quotePair,
	UnknownLanguageError,
} from '#app/models/price/price.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { localeFromPath, PAIR_PRICE_PATHS, pathFor, type Locale } from '#app/utils/locales.ts'
import { groupPairPrices, withVat } from '#app/models/price/rules.ts'

// The settings the page's other prices are shown from.
const FACTS = [
	'currency',
	'minimumOrder',
	'vatPercent',
	'expressSurcharge1Day',
	'expressSurcharge2Days',
	'certifiedCopyPrice',
	'wordsPerDay',
] as const
type Fact = (typeof FACTS)[number]

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const locale = localeFromPath(url.pathname)
	const db = getDb(context)
	const settings = await getRequestSettings(context)
	const calculator = await calculatorData(db, locale, settings)
	const filter = calculator.languages.find((language) => language.code === url.searchParams.get('language'))?.code ?? ''
	const [allPairs, filtered, lowest, check] = await Promise.all([
		listPairPrices(db, locale, settings),
		filter ? listPairPrices(db, locale, settings, filter) : undefined,
		fromPricePerWord(db, locale, settings),
		checkFromQuery(db, url, locale),
	])
	const pairs = filtered ?? allPairs

	return {
		calculator,
		filter,
		pairs,
		pairCount: allPairs.length,
		groups: groupPairPrices(allPairs),
		lowest,
		check,
		facts: Object.fromEntries(FACTS.map((name) => [name, settings[name]])) as Pick<typeof settings, Fact>,
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
	const { calculator, filter, pairs, pairCount, groups, lowest, check, facts } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const amount = (value: number, className = 'font-semibold') => (
		<>
			<Amount value={value} currency={facts.currency} vat="excl" className={className} /> ·{' '}
			<Amount
				value={withVat(value, facts.vatPercent)}
				currency={facts.currency}
				vat="incl"
				className="text-slate-700"
			/>
		</>
	)
	return (
		<>
			<PageMeta title={t('prices.title')} description={t('prices.lead')} />
			<PageHeading title={<Text k="prices.title" />} lead={<Text k="prices.lead" />} />
			<p className="mb-8 text-2xl">
				{t('prices.perWordFrom')}{' '}
				<Amount value={lowest} currency={facts.currency} vat="excl" className="font-bold text-teal-800" />
			</p>
			<div className="mb-12 grid gap-6 lg:grid-cols-2">
				<Calculator {...calculator} />
				<LangCombo
					languages={calculator.languages}
					url={PAIR_PRICE_PATHS[locale]}
					action={pathFor('prices', locale)}
					initial={check}
				/>
			</div>

			<section aria-labelledby="pair-prices" className="mb-12">
				<h2 id="pair-prices" className="mb-2 text-2xl font-semibold text-slate-900">
					{t('prices.pairsTitle')}
				</h2>
				<PriceGroups groups={groups} currency={facts.currency} vatPercent={facts.vatPercent} />
				<PairPriceList
					pairs={pairs}
					pairCount={pairCount}
					languages={calculator.languages}
					filter={filter}
					currency={facts.currency}
					vatPercent={facts.vatPercent}
				/>
			</section>

			<section aria-labelledby="other-prices" className="mb-12">
				<h2 id="other-prices" className="mb-4 text-2xl font-semibold text-slate-900">
					{t('prices.otherTitle')}
				</h2>
				<dl className="grid max-w-3xl gap-x-8 gap-y-3 sm:grid-cols-[1fr_auto]">
					<Text as="dt" k="prices.minimumOrder" />
					<dd>{amount(facts.minimumOrder)}</dd>
					<Text as="dt" k="prices.express1" />
					<dd className="font-semibold">
						{t('prices.surcharge', { percent: facts.expressSurcharge1Day })}
						<Tooltip label={t('prices.workingDaysLabel')} text={t('prices.workingDays')} />
					</dd>
					<Text as="dt" k="prices.express2" />
					<Text
						as="dd"
						k="prices.surcharge"
						vars={{ percent: facts.expressSurcharge2Days }}
						className="font-semibold"
					/>
					<Text as="dt" k="prices.certified" />
					<dd>{amount(facts.certifiedCopyPrice)}</dd>
				</dl>
				<Text
					as="p"
					k="prices.pace"
					vars={{ words: formatNumber(facts.wordsPerDay, locale) }}
					className="mt-4 max-w-3xl text-sm text-slate-700"
				/>
			</section>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
