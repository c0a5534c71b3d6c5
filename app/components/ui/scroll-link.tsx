import type { ReactNode } from 'react'
import { prefersReducedMotion } from '#app/utils/motion.client.ts'

const OFFSET_PX = 20
const DELAY_MS = 100

// The spec's scroll-link: after 100 ms, scrolls smoothly to the element its href names, 20 px
// below the top (and below the fixed navigation bar, which would otherwise cover it). With
// "reduce motion" it jumps. The target gets the focus, so keyboard users continue from there.
// Without script it is an ordinary in-page link.
export function ScrollLink({
	href,
	className,
	children,
}: {
	href: `#${string}`
	className?: string
	children: ReactNode
}) {
	function scroll(event: React.MouseEvent<HTMLAnchorElement>) {
		const target = document.getElementById(href.slice(1))
		if (!target) return
		event.preventDefault()
		setTimeout(() => {
			const bar = document.querySelector<HTMLElement>('[data-controller="sticky-navbar"]')
			const covered = bar ? bar.offsetHeight : 0
			const top = target.getBoundingClientRect().top + window.scrollY - covered - OFFSET_PX
			const isReduced = prefersReducedMotion()
			window.scrollTo({ top, behavior: isReduced ? 'instant' : 'smooth' })
			history.pushState(history.state, '', href)
			if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
			target.focus({ preventScroll: true })
		}, DELAY_MS)
	}
	return (
		<a
			href={href}
			data-controller="scroll-link"
			data-offset={OFFSET_PX}
			data-delay={DELAY_MS}
			onClick={scroll}
			className={className}
		>
			{children}
		</a>
	)
}
