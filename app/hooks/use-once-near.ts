import { useEffect, useEffectEvent, type RefObject } from 'react'

// Calls `onNear` once, the first time the element comes within `margin` of the viewport (CSS
// margin syntax, as IntersectionObserver takes it). What it returns, if anything, runs on unmount.
export function useOnceNear(
	element: RefObject<Element | null>,
	onNear: () => (() => void) | void,
	margin = '300px',
): void {
	const near = useEffectEvent(onNear)
	useEffect(() => {
		const target = element.current
		if (!target) return
		let cleanUp: (() => void) | void
		const observer = new IntersectionObserver(
			(entries) => {
				if (!entries.some((entry) => entry.isIntersecting)) return
				observer.disconnect()
				cleanUp = near()
			},
			{ rootMargin: margin },
		)
		observer.observe(target)
		return () => {
			observer.disconnect()
			cleanUp?.()
		}
	}, [element, margin])
}
