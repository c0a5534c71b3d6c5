import { useEffect, useRef, type ReactNode } from 'react'
import { prefersReducedMotion } from '#app/utils/motion.client.ts'
import { useOnceNear } from '#app/hooks/use-once-near.ts'

type Props = { children: ReactNode; className?: string }

// The spec's appearing effect: a block below the fold fades in as it enters the viewport. The
// server renders it visible, so it shows without script; only a block still below the fold when
// the script runs is made to wait, so nothing the visitor already sees disappears.
export function Appearing({ children, className }: Props) {
	const block = useRef<HTMLDivElement>(null)

	// Only a block below the fold when the script runs waits to appear...
	useEffect(() => {
		const element = block.current
		if (!element || prefersReducedMotion() || element.getBoundingClientRect().top < window.innerHeight) return
		element.dataset.appearing = 'waiting'
		return () => {
			delete element.dataset.appearing
		}
	}, [])
	// ...and appears once it is a tenth of the viewport into view.
	useOnceNear(
		block,
		() => {
			const element = block.current
			if (element?.dataset.appearing === 'waiting') element.dataset.appearing = 'shown'
		},
		'0px 0px -10% 0px',
	)

	return (
		<div ref={block} data-controller="appearing" className={className}>
			{children}
		</div>
	)
}
