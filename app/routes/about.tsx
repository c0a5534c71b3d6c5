import { useLoaderData } from 'react-router'
import type { Route } from './+types/about'
import { useI18n } from '#app/components/i18n.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { TeamGrid } from '#app/components/team-grid.tsx'
import { listTeamMembers } from '#app/models/content.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { localeFromPath } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	return { team: await listTeamMembers(getDb(context), locale) }
}

export default function About() {
	const { team } = useLoaderData<typeof loader>()
	const { t } = useI18n()
	return (
		<>
			<PageMeta title={t('about.title')} description={t('about.lead')} />
			<PageHeading title={t('about.title')} lead={t('about.lead')} />
			<h2 className="mb-6 text-2xl font-semibold text-slate-900">{t('about.teamTitle')}</h2>
			<TeamGrid members={team} withBios />
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
