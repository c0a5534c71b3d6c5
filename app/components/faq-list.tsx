export type FaqItem = { id: number; question: string; answerHtml: string }

// Native disclosure until the FAQ behaviour (search, plus/minus) lands; works without scripts.
export function FaqList({ items }: { items: FaqItem[] }) {
	return (
		<div className="divide-y divide-slate-200 rounded-xl border border-slate-200">
			{items.map((item) => (
				<details key={item.id} className="group p-5">
					<summary className="cursor-pointer font-semibold text-slate-900">{item.question}</summary>
					<div className="rich-text mt-3 text-slate-700" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
				</details>
			))}
		</div>
	)
}
