import * as RadixTooltip from '@radix-ui/react-tooltip'

// The spec's tooltip: shown (visible, and its text can be pointed at and selected) on hover and on
// focus; hidden, it is not in the page at all, so nothing in it can be reached. Esc closes it.
export function Tooltip({ label, text }: { label: string; text: string }) {
	return (
		<RadixTooltip.Provider delayDuration={150}>
			<RadixTooltip.Root>
				<span data-controller="tooltip" className="inline-flex align-middle">
					<RadixTooltip.Trigger
						type="button"
						aria-label={label}
						className="ml-1 inline-flex size-5 items-center justify-center rounded-full border border-slate-500 text-xs font-bold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
					>
						?
					</RadixTooltip.Trigger>
				</span>
				<RadixTooltip.Portal>
					<RadixTooltip.Content sideOffset={6} className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg">
						{text}
						<RadixTooltip.Arrow className="fill-slate-900" />
					</RadixTooltip.Content>
				</RadixTooltip.Portal>
			</RadixTooltip.Root>
		</RadixTooltip.Provider>
	)
}
