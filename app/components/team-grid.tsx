export type TeamMember = { id: number; name: string; title: string; photoUrl: string | null; bioHtml: string | null }

export function TeamGrid({ members, withBios = false }: { members: TeamMember[]; withBios?: boolean }) {
	return (
		<ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
			{members.map((member) => (
				<li key={member.id} className="rounded-xl border border-slate-200 p-6">
					{member.photoUrl && (
						<img src={member.photoUrl} alt="" width={96} height={96} loading="lazy" className="mb-4 size-24 rounded-full bg-slate-100" />
					)}
					<h3 className="text-lg font-semibold text-slate-900">{member.name}</h3>
					<p className="text-sm text-slate-600">{member.title}</p>
					{withBios && member.bioHtml && <div className="rich-text mt-3 text-sm text-slate-700" dangerouslySetInnerHTML={{ __html: member.bioHtml }} />}
				</li>
			))}
		</ul>
	)
}
