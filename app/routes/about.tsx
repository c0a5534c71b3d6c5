import { useLoaderData } from 'react-router'
import type { Route } from './+types/about'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { ReadMore } from '#app/components/public/read-more.tsx'
import { BioModal } from '#app/components/public/team-bio.tsx'
import { TeamGrid } from '#app/components/public/team-grid.tsx'
import { listTeamMembers } from '#app/models/content.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { localeFromPath } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	return { team: await listTeamMembers(getDb(context), locale) }
}

const STORY = ['about.story1', 'about.story2', 'about.story3', 'about.story4'] as const
// A story longer than this (in characters, some two screens on a phone) starts folded.
const LONG_STORY = 1500

export default function About() {
	const { team } = useLoaderData<typeof loader>()
	const { t } = useI18n()
	const storyLength = STORY.reduce((sum, key) => sum + t(key).length, 0)
	return (
		<>
			<PageMeta title={t('about.title')} description={t('about.lead')} />
			<PageHeading title={<Text k="about.title" />} lead={<Text k="about.lead" />} />
			<section aria-labelledby="story" className="mb-12 max-w-3xl">
				<Text k="about.storyTitle" as="h2" id="story" className="mb-4 text-2xl font-semibold text-slate-900" />
				<ReadMore fold={storyLength > LONG_STORY}>
					{STORY.map((key) => (
						<Text key={key} k={key} as="p" className="mb-4 leading-7 text-slate-700" />
					))}
				</ReadMore>
			</section>
			<Text as="h2" k="about.teamTitle" className="mb-6 text-2xl font-semibold text-slate-900" />
			<TeamGrid members={team} Bio={BioModal} />
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
