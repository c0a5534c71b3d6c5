import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/list'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Table, cellClass } from '#app/components/ui/table.tsx'
import { EmptyState } from '#app/components/admin/list-page.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { listTranslators } from '#app/models/vendor/translators.server.ts'
import { formatNumber } from '#app/utils/format.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const rows = await listTranslators(getDb(context))
	return { translators: rows.map((row) => ({ ...row, nextDeadline: row.nextDeadline?.toISOString() ?? null })) }
}

const COLUMNS = [
	'translators.name',
	'translators.pairs',
	'translators.capacity',
	'translators.open',
	'translators.state',
] as const

// The agency's translators: their pairs, capacity and open work; each opens their form.
export default function Translators() {
	const { translators } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	return (
		<section data-controller="translators">
			<title>{`${t('translators.title')} · Tolk admin`}</title>
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-slate-900">{t('translators.title')}</h1>
				<Link to="/admin/translators/new" className={buttonClass('primary')}>
					{t('translators.new')}
				</Link>
			</div>
			{translators.length === 0 ? (
				<EmptyState>{t('translators.empty')}</EmptyState>
			) : (
				<Table caption={t('translators.title')} isCaptionHidden columns={COLUMNS.map((key) => ({ label: t(key) }))}>
					{translators.map((row) => (
						<tr key={row.id} className="border-t border-slate-200">
							<td className={cellClass()}>
								<Link to={`/admin/translators/${row.id}`} className="font-medium text-teal-900 underline">
									{row.name}
								</Link>
								<span className="block text-sm text-slate-600">{row.email}</span>
							</td>
							<td className={cellClass()}>{row.pairs.map((pair) => `${pair.from}→${pair.to}`).join(', ') || '–'}</td>
							<td className={cellClass()}>{formatNumber(row.dailyCapacity, locale)}</td>
							<td className={cellClass()}>
								{t('translators.openWork', {
									words: formatNumber(row.openWords ?? 0, locale),
									jobs: row.openJobs ?? 0,
								})}
							</td>
							<td className={cellClass()}>{row.active ? t('translators.active') : t('translators.inactive')}</td>
						</tr>
					))}
				</Table>
			)}
		</section>
	)
}
