// Whether the visitor asked the system for less motion; effects that move things check it first.
export function prefersReducedMotion(): boolean {
	return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}
