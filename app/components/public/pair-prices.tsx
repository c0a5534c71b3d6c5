import { Amount } from '#app/components/ui/amount.tsx'
import { AutoSubmitForm } from '#app/components/ui/auto-submit.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { LanguageSelect } from '#app/components/public/language-select.tsx'
import type { PairPriceRow } from '#app/models/price/price.server.ts'
import { withVat, type PriceGroup } from '#app/models/price/rules.ts'
import { Button } from '#app/components/ui/button.tsx'

type Money = { currency: string; vatPercent: number }

// The prices page's short answer: each price once, with the pairs it covers.
export function PriceGroups({ groups, currency, vatPercent }: { groups: PriceGroup[] } & Money) {
	const { t } = useI18n()
	return (
		<ul className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('prices.groupsLabel')}>
			{groups.map((group) => (
				<li
					key={`${group.isDefaultPrice}:${group.pricePerWord}`}
					className="rounded-xl border border-slate-200 bg-white p-4"
				>
					<p className="text-xl font-bold text-teal-800">
						<Amount value={group.pricePerWord} currency={currency} vat="excl" />{' '}
						<span className="text-sm font-normal text-slate-700">{t('prices.perWordShort')}</span>
					</p>
					<p className="mb-2 text-sm text-slate-700">
						<Amount value={withVat(group.pricePerWord, vatPercent)} currency={currency} vat="incl" />
					</p>
					<p className="text-slate-800">
						{group.isDefaultPrice ? t('prices.commonGroup', { count: group.count }) : group.pairs.join(', ')}
					</p>
				</li>
			))}
		</ul>
	)
}

type ListProps = {
	pairs: PairPriceRow[]
	pairCount: number
	languages: { code: string; name: string }[]
	filter: string
} & Money

// Every pair, folded away until asked for (or filtered by a language), so the page stays short.
export function PairPriceList({ pairs, pairCount, languages, filter, currency, vatPercent }: ListProps) {
	const { t } = useI18n()
	return (
		<details open={Boolean(filter)} className="rounded-xl border border-slate-200 bg-white">
			<summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-teal-900 hover:bg-slate-50">
				{t('prices.allPairs', { count: pairCount })}
			</summary>
			<div className="border-t border-slate-200 p-4">
				<AutoSubmitForm method="get" className="mb-4 flex flex-wrap items-end gap-3">
					<LanguageSelect
						id="price-filter"
						name="language"
						label={t('prices.filter')}
						languages={languages}
						placeholder={t('prices.filterAll')}
						defaultValue={filter}
					/>
					<Button variant="secondary" type="submit">
						{t('prices.filterSubmit')}
					</Button>
				</AutoSubmitForm>
				<div className="overflow-x-auto rounded-md border border-slate-200">
					<table className="w-full text-left">
						<Text as="caption" k="prices.pairsCaption" vars={{ vat: vatPercent }} className="sr-only" />
						<thead className="bg-slate-100">
							<tr>
								<Text as="th" k="prices.pair" scope="col" className="px-3 py-2" />
								<Text as="th" k="prices.exclVat" scope="col" className="px-3 py-2 text-right" />
								<Text
									as="th"
									k="prices.inclVat"
									vars={{ vat: vatPercent }}
									scope="col"
									className="px-3 py-2 text-right"
								/>
							</tr>
						</thead>
						{/* 132 rows: the cells' spacing is the table's, so each row carries its text alone. */}
						<tbody className="[&_td]:px-3 [&_td]:py-2 [&_td]:text-right [&_th]:px-3 [&_th]:py-2 [&_th]:font-normal [&_tr]:border-t [&_tr]:border-slate-200">
							{pairs.map((pair) => (
								<tr key={`${pair.fromCode}-${pair.toCode}`}>
									<th scope="row">{`${pair.from} → ${pair.to}`}</th>
									<td>
										<Amount value={pair.pricePerWord} currency={currency} vat="excl" />
									</td>
									<td>
										<Amount value={withVat(pair.pricePerWord, vatPercent)} currency={currency} vat="incl" />
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</div>
		</details>
	)
}
