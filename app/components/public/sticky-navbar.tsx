import { useEffect, useRef, useState } from 'react'

// Becomes fixed, full width and on top once the page is scrolled past the bar's original
// offset; back to normal when scrolled back. A placeholder keeps the content from jumping.
export function StickyNavbar({ children }: { children: React.ReactNode }) {
	const placeholder = useRef<HTMLDivElement>(null)
	const bar = useRef<HTMLDivElement>(null)
	const [isFixed, setIsFixed] = useState(false)
	const [height, setHeight] = useState(0)

	useEffect(() => {
		const update = () => {
			const offset = placeholder.current!.getBoundingClientRect().top + window.scrollY
			setHeight(bar.current!.offsetHeight)
			setIsFixed(window.scrollY > offset)
		}
		update()
		window.addEventListener('scroll', update, { passive: true })
		window.addEventListener('resize', update)
		return () => {
			window.removeEventListener('scroll', update)
			window.removeEventListener('resize', update)
		}
	}, [])

	return (
		<div ref={placeholder} style={isFixed ? { height } : undefined}>
			<div
				ref={bar}
				data-controller="sticky-navbar"
				data-state={isFixed ? 'fixed' : 'normal'}
				className={`w-full border-b border-slate-200 bg-white/95 backdrop-blur ${isFixed ? 'fixed inset-x-0 top-0 z-50 shadow-sm' : 'relative'}`}
			>
				{children}
			</div>
		</div>
	)
}
