import { useLoaderData } from 'react-router'
import type { Route } from './+types/prices'
import { useI18n } from '#app/components/i18n.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { getRequestSettings, listActiveLanguages } from '#app/models/site.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { formatNumber, formatPrice } from '#app/utils/format.ts'
import { localeFromPath } from '#app/utils/locales.ts'

const EXAMPLE_WORD_COUNTS = [500, 1000, 5000, 10000]

export async function loader({ request, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const [settings, languages] = await Promise.all([getRequestSettings(context), listActiveLanguages(getDb(context), locale)])
	return { perWord: settings.pricePerWord, currency: settings.currency, languages }
}

export default function Prices() {
	const { perWord, currency, languages } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	return (
		<>
			<PageMeta title={t('prices.title')} />
			<PageHeading title={t('prices.title')} lead={t('prices.lead')} />
			<p className="mb-10 text-2xl">
				{t('prices.perWord')}: <strong className="text-teal-800">{formatPrice(perWord, currency, locale)}</strong>
			</p>
			<h2 className="mb-4 text-2xl font-semibold text-slate-900">{t('prices.examplesTitle')}</h2>
			<table className="mb-12 w-full max-w-lg text-left">
				<thead>
					<tr className="border-b border-slate-300">
						<th scope="col" className="py-2">{t('prices.words')}</th>
						<th scope="col" className="py-2 text-right">{t('prices.total')}</th>
					</tr>
				</thead>
				<tbody>
					{EXAMPLE_WORD_COUNTS.map((words) => (
						<tr key={words} className="border-b border-slate-200">
							<td className="py-2">{formatNumber(words, locale)}</td>
							<td className="py-2 text-right">{formatPrice(Math.round(perWord * words), currency, locale)}</td>
						</tr>
					))}
				</tbody>
			</table>
			<h2 className="mb-4 text-2xl font-semibold text-slate-900">{t('prices.languagesTitle')}</h2>
			<ul className="flex flex-wrap gap-2">
				{languages.map((language) => (
					<li key={language.code} className="rounded-full bg-slate-100 px-3 py-1 text-sm">{language.name}</li>
				))}
			</ul>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
