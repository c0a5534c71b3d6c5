import type { ComponentType } from 'react'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { LazyImage } from '#app/components/ui/lazy-image.tsx'

export type TeamMember = {
	id: number
	name: string
	title: string
	photoUrl: string | null
	bioHtml: string | null
	pairs: string[]
}

// The page that shows bios hands in their dialog (team-bio.tsx), so the dialog's code is part of
// that page's own script only: the home page's team has none and never fetches it.
export type BioComponent = ComponentType<{ member: TeamMember; bioHtml: string }>

export function TeamGrid({ members, Bio }: { members: TeamMember[]; Bio?: BioComponent }) {
	const { t } = useI18n()
	return (
		<ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
			{members.map((member) => (
				<li key={member.id} data-controller="employee" className="rounded-xl border border-slate-200 p-6">
					{member.photoUrl && (
						<LazyImage
							src={member.photoUrl}
							alt=""
							width={96}
							height={96}
							className="mb-4 size-24 rounded-full bg-slate-100"
						/>
					)}
					<h3 className="text-lg font-semibold text-slate-900">{member.name}</h3>
					<p className="text-sm text-slate-600">{member.title}</p>
					{member.pairs.length > 0 && (
						<ul aria-label={t('team.pairs', { name: member.name })} className="mt-2 flex flex-wrap gap-1">
							{member.pairs.map((pair) => (
								<li key={pair} className="rounded bg-teal-50 px-2 py-0.5 text-xs text-teal-900">
									{pair}
								</li>
							))}
						</ul>
					)}
					{Bio && member.bioHtml && <Bio member={member} bioHtml={member.bioHtml} />}
				</li>
			))}
		</ul>
	)
}
