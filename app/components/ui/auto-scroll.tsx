import { useEffect, useRef, type ReactNode } from 'react'
import { prefersReducedMotion } from '#app/utils/motion.client.ts'

// How close to the end (px) still counts as "reading the newest entries".
const FOLLOW_SLACK = 40

type Props = { label: string; children: ReactNode; className?: string }

// The spec's auto-scroll: a scroll box of entries that opens on the newest one at the end and
// follows entries added later (a note, a live update), unless the reader has scrolled up to read
// older ones. The box is a labelled region that takes the focus, so the keyboard scrolls it too.
export function AutoScroll({ label, children, className = '' }: Props) {
	const box = useRef<HTMLDivElement>(null)

	useEffect(() => {
		const element = box.current
		if (!element) return
		element.scrollTop = element.scrollHeight
		let isFollowing = true
		const onScroll = () => {
			isFollowing = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK
		}
		const observer = new MutationObserver(() => {
			if (isFollowing)
				element.scrollTo({ top: element.scrollHeight, behavior: prefersReducedMotion() ? 'instant' : 'smooth' })
		})
		element.addEventListener('scroll', onScroll, { passive: true })
		observer.observe(element, { childList: true, subtree: true })
		return () => {
			element.removeEventListener('scroll', onScroll)
			observer.disconnect()
		}
	}, [])

	return (
		// A scrollable region must be reachable by keyboard (WCAG 2.1.1).
		<div
			ref={box}
			role="region"
			aria-label={label}
			// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
			tabIndex={0}
			data-controller="auto-scroll"
			className={`overflow-y-auto focus-visible:outline-2 focus-visible:outline-teal-700 ${className}`}
		>
			{children}
		</div>
	)
}
