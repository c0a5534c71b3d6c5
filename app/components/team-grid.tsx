import { useI18n } from './i18n.tsx'

export type TeamMember = { id: number; name: string; title: string; photoUrl: string | null; bioHtml: string | null; pairs: string[] }

export function TeamGrid({ members, withBios = false }: { members: TeamMember[]; withBios?: boolean }) {
	const { t } = useI18n()
	return (
		<ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
			{members.map((member) => (
				<li key={member.id} className="rounded-xl border border-slate-200 p-6">
					{member.photoUrl && (
						<img src={member.photoUrl} alt="" width={96} height={96} loading="lazy" className="mb-4 size-24 rounded-full bg-slate-100" />
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
					{withBios && member.bioHtml && <div className="rich-text mt-3 text-sm text-slate-700" dangerouslySetInnerHTML={{ __html: member.bioHtml }} />}
				</li>
			))}
		</ul>
	)
}
