import { useId, type ReactNode } from 'react'

// An [autofocus] control, or the visible input of a widget marked data-autofocus.
const AUTOFOCUS = '[autofocus], [data-autofocus] input:not([type="hidden"])'

type Props = { sources: string[]; className?: string; children: ReactNode }

// The spec's toggle-display: inside it, an element with data-display="name" shows while the input
// named `name` is checked, and one with data-display="!name" while it is not. CSS does the
// showing (so it holds before and without script); script only moves the focus to a shown
// element's [autofocus] control.
export function ToggleDisplay({ sources, className, children }: Props) {
	const id = `toggle-${useId().replace(/[^\w-]/g, '')}`
	const rules = sources
		.map((name) => {
			const input = `input[name="${name.replace(/["\\]/g, '')}"]`
			return `#${id}:has(${input}:not(:checked)) [data-display="${name}"], #${id}:has(${input}:checked) [data-display="!${name}"] { display: none; }`
		})
		.join('\n')

	function focusShown(event: React.ChangeEvent<HTMLDivElement>) {
		const source = event.target
		if (!(source instanceof HTMLInputElement) || !sources.includes(source.name)) return
		const root = event.currentTarget
		const shown = root.querySelector<HTMLElement>(`[data-display="${source.checked ? '' : '!'}${source.name}"]`)
		const target = shown?.hasAttribute('autofocus') ? shown : shown?.querySelector<HTMLElement>(AUTOFOCUS)
		// The widget inside may only now become visible; focus once styles have applied.
		if (target) requestAnimationFrame(() => target.focus())
	}

	return (
		<div id={id} data-controller="toggle-display" className={className} onChange={focusShown}>
			<style>{rules}</style>
			{children}
		</div>
	)
}
