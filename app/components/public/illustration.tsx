import { useEffect, useRef } from 'react'
import { prefersReducedMotion } from '#app/utils/motion.client.ts'

type Props = { src: string; width: number; height: number; speed?: number; className?: string }

// The spec's illustration: a decorative image that drifts against the scroll (parallax). The
// image moves by `speed` times its frame's distance from the middle of the viewport, only while
// the frame is on screen, and never for people who ask for less motion. The frame clips the
// image, which is drawn a little larger so no edge shows.
export function Illustration({ src, width, height, speed = 0.15, className = '' }: Props) {
	const frame = useRef<HTMLDivElement>(null)
	const image = useRef<HTMLImageElement>(null)

	useEffect(() => {
		const element = frame.current
		if (!element || prefersReducedMotion()) return
		let pending = 0
		const place = () => {
			pending = 0
			const box = element.getBoundingClientRect()
			const distance = box.top + box.height / 2 - window.innerHeight / 2
			image.current?.style.setProperty('transform', `translate3d(0, ${(-distance * speed).toFixed(1)}px, 0)`)
		}
		const onScroll = () => {
			pending ||= requestAnimationFrame(place)
		}
		// The frame also moves without a scroll when a block around it settles (the appearing effect).
		const listen = (isOn: boolean) => {
			for (const type of ['scroll', 'transitionend']) {
				if (isOn) window.addEventListener(type, onScroll, { passive: true })
				else window.removeEventListener(type, onScroll)
			}
		}
		const observer = new IntersectionObserver((entries) => {
			const isInView = entries.some((entry) => entry.isIntersecting)
			listen(isInView)
			if (isInView) place()
		})
		observer.observe(element)
		return () => {
			observer.disconnect()
			listen(false)
			cancelAnimationFrame(pending)
		}
	}, [speed])

	return (
		<div
			ref={frame}
			data-controller="illustration"
			data-speed={speed}
			aria-hidden
			className={`overflow-hidden ${className}`}
		>
			<img
				ref={image}
				src={src}
				alt=""
				width={width}
				height={height}
				loading="lazy"
				className="h-auto w-full scale-125 will-change-transform"
			/>
		</div>
	)
}
