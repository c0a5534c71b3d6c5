import { lazy, Suspense } from 'react'
import { useLoaderData } from 'react-router'
import type { Route } from './+types/analytics'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { countCalculatedWords, countEventsPerDay } from '#app/models/analytics.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { intlLocale } from '#app/utils/locales.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { Table } from '#app/components/ui/table.tsx'

const AnalyticsCharts = lazy(() => import('#app/components/admin/analytics-charts.tsx'))

const DAYS = 30
const BANDS = 20

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const db = getDb(context)
	const settings = await getSettings(db)
	// Twenty bands over the calculator's range, rounded to a readable size.
	const bandSize = Math.max(10, Math.ceil(settings.calculatorMaxWords / BANDS / 100) * 100)
	const [perDay, bands] = await Promise.all([countEventsPerDay(db, DAYS), countCalculatedWords(db, bandSize)])
	const names = [...new Set(perDay.map((row) => row.name))].sort()
	const days = [...new Set(perDay.map((row) => row.day))].map((day) => ({
		day,
		...Object.fromEntries(
			names.map((name) => [name, perDay.find((row) => row.day === day && row.name === name)?.count ?? 0]),
		),
	}))
	return { names, days, bands: bands.map((band) => ({ ...band, to: band.from + bandSize - 1 })) }
}

export default function Analytics() {
	const { names, days, bands } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const isHydrated = useHydrated()
	const number = new Intl.NumberFormat(intlLocale(locale))
	const dayLabel = (day: string) =>
		new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day))
	return (
		<section className="space-y-8">
			<title>{`${t('analytics.title')} · Tolk admin`}</title>
			<div>
				<h1 className="text-2xl font-bold text-slate-900">{t('analytics.title')}</h1>
				<p className="text-slate-700">{t('analytics.lead', { count: DAYS })}</p>
			</div>
			{days.length === 0 ? (
				<p className="rounded-md border border-dashed border-slate-400 p-6 text-center">{t('analytics.empty')}</p>
			) : (
				<>
					{isHydrated && (
						<Suspense fallback={null}>
							<AnalyticsCharts
								days={days.map((row) => ({ ...row, label: dayLabel(row.day) }))}
								names={names}
								bands={bands.map((band) => ({
									label: `${number.format(band.from)}–${number.format(band.to)}`,
									count: band.count,
								}))}
								labels={{
									perDay: t('analytics.perDay'),
									words: t('analytics.words'),
									calculations: t('analytics.calculations'),
								}}
							/>
						</Suspense>
					)}
					<Table
						caption={t('analytics.perDay')}
						columns={[{ label: t('analytics.day') }, ...names.map((name) => ({ label: name, numeric: true }))]}
					>
						{days.map((row) => (
							<tr key={row.day}>
								<th scope="row" className="px-3 py-2 font-normal">
									{dayLabel(row.day)}
								</th>
								{names.map((name) => (
									<td key={name} className="px-3 py-2 text-right">
										{number.format(Number((row as Record<string, unknown>)[name] ?? 0))}
									</td>
								))}
							</tr>
						))}
					</Table>
					<Table
						caption={t('analytics.words')}
						columns={[{ label: t('analytics.wordBand') }, { label: t('analytics.calculations'), numeric: true }]}
					>
						{bands.map((band) => (
							<tr key={band.from}>
								<th
									scope="row"
									className="px-3 py-2 font-normal"
								>{`${number.format(band.from)}–${number.format(band.to)}`}</th>
								<td className="px-3 py-2 text-right">{number.format(band.count)}</td>
							</tr>
						))}
					</Table>
				</>
			)}
		</section>
	)
}
