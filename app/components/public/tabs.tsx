import { useId, useState, type ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'

export type Tab = { key: string; label: string; content: ReactNode }

// The spec's tabs: at most one open. Choosing another switch opens its panel; choosing the open
// one's switch closes it, so none is open. The open switch is highlighted (black by default).
// Because "none open" is allowed, the switches are disclosure buttons (aria-expanded) rather than
// an ARIA tablist, which always has one tab selected.
export function Tabs({
	tabs,
	initial = tabs[0]?.key ?? null,
	label,
}: {
	tabs: Tab[]
	initial?: string | null
	label: string
}) {
	const id = useId()
	const [active, setActive] = useState<string | null>(initial)
	return (
		<div data-controller="tabs">
			<div role="group" aria-label={label} className="mb-4 flex flex-wrap gap-2">
				{tabs.map((tab) => {
					const isActive = tab.key === active
					return (
						<Button variant="bare"
							key={tab.key}
							type="button"
							aria-expanded={isActive}
							aria-controls={`${id}-${tab.key}`}
							onClick={() => setActive(isActive ? null : tab.key)}
							className={`rounded-md border px-4 py-2 font-medium ${isActive ? 'border-black bg-black text-white' : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100'}`}
						>
							{tab.label}
						</Button>
					)
				})}
			</div>
			{tabs.map((tab) => (
				<div
					key={tab.key}
					id={`${id}-${tab.key}`}
					data-tab-panel
					hidden={tab.key !== active}
					className="rounded-xl border border-slate-200 p-6 text-slate-700"
				>
					{tab.content}
				</div>
			))}
		</div>
	)
}
