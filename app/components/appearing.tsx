import { useEffect, useRef, type ReactNode } from 'react'
import { prefersReducedMotion } from '#app/utils/motion.client.ts'

type Props = { children: ReactNode; className?: string }

// The spec's appearing effect: a block below the fold fades in as it enters the viewport. The
// server renders it visible, so it shows without script; only a block still below the fold when
// the script runs is made to wait, so nothing the visitor already sees disappears.
export function Appearing({ children, className }: Props) {
	const block = useRef<HTMLDivElement>(null)

	useEffect(() => {
		const element = block.current
		if (!element || prefersReducedMotion() || element.getBoundingClientRect().top < window.innerHeight) return
		element.dataset.appearing = 'waiting'
		const observer = new IntersectionObserver(
			(entries) => {
				if (!entries.some((entry) => entry.isIntersecting)) return
				element.dataset.appearing = 'shown'
				observer.disconnect()
			},
			{ rootMargin: '0px 0px -10% 0px' },
		)
		observer.observe(element)
		return () => {
			observer.disconnect()
			delete element.dataset.appearing
		}
	}, [])

	return (
		<div ref={block} data-controller="appearing" className={className}>
			{children}
		</div>
	)
}
