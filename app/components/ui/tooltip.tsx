import * as RadixTooltip from '@radix-ui/react-tooltip'
import { useRef, useState } from 'react'

// The spec's tooltip: shown (visible, and its text can be pointed at and selected) on hover and on
// focus; hidden, it is not in the page at all, so nothing in it can be reached. Esc closes it.
// Radix leaves touch out on purpose (a tap is a click); here a tap toggles it, and a tap anywhere
// else closes it.
export function Tooltip({ label, text }: { label: string; text: string }) {
	const [isOpen, setIsOpen] = useState(false)
	// Whether the tap began on a shown tooltip: a tap may also focus the button, which opens it.
	const tap = useRef<{ wasOpen: boolean } | null>(null)
	const trigger = useRef<HTMLButtonElement>(null)
	const isDismissed = useRef(false)
	// Shown by keyboard focus, it stays until the focus moves or Esc (WCAG 1.4.13): Radix would also
	// close it on any scroll, and reaching it with Tab scrolls it into view.
	function changeOpen(open: boolean) {
		const hasKeyboardFocus =
			trigger.current !== null &&
			trigger.current === document.activeElement &&
			trigger.current.matches(':focus-visible')
		if (!open && hasKeyboardFocus && !isDismissed.current) return
		isDismissed.current = false
		setIsOpen(open)
	}
	return (
		<RadixTooltip.Provider delayDuration={150}>
			<RadixTooltip.Root open={isOpen} onOpenChange={changeOpen}>
				<span data-controller="tooltip" className="inline-flex align-middle">
					<RadixTooltip.Trigger
						ref={trigger}
						type="button"
						aria-label={label}
						onPointerDown={(event) => {
							tap.current = event.pointerType === 'touch' ? { wasOpen: isOpen } : null
							// Radix would close it here; the click below decides instead.
							if (tap.current) event.preventDefault()
						}}
						onClick={(event) => {
							if (!tap.current) return
							event.preventDefault()
							setIsOpen(!tap.current.wasOpen)
							tap.current = null
						}}
						className="ml-1 inline-flex size-5 items-center justify-center rounded-full border border-slate-500 text-xs font-bold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
					>
						?
					</RadixTooltip.Trigger>
				</span>
				<RadixTooltip.Portal>
					<RadixTooltip.Content
						onEscapeKeyDown={() => (isDismissed.current = true)}
						sideOffset={6}
						className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg"
					>
						{text}
						<RadixTooltip.Arrow className="fill-slate-900" />
					</RadixTooltip.Content>
				</RadixTooltip.Portal>
			</RadixTooltip.Root>
		</RadixTooltip.Provider>
	)
}
