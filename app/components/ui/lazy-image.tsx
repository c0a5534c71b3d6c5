import { useRef, useState } from 'react'
import { useOnceNear } from '#app/hooks/use-once-near.ts'

const PRELOAD_MARGIN = '300px'

type Props = { src: string; alt: string; width: number; height: number; className?: string }

// The spec's lazy images: an image loads once it comes within 300 px of the viewport, carries the
// class lazy-loading until it has loaded, and keeps its width and height reserved meanwhile, so
// nothing below it moves. Without script, a <noscript> copy loads as usual.
export function LazyImage({ src, alt, width, height, className = '' }: Props) {
	const image = useRef<HTMLImageElement>(null)
	const [isNear, setIsNear] = useState(false)
	const [isLoaded, setIsLoaded] = useState(false)

	useOnceNear(image, () => setIsNear(true), PRELOAD_MARGIN)

	return (
		<>
			<img
				ref={image}
				src={isNear ? src : undefined}
				data-src={src}
				alt={alt}
				width={width}
				height={height}
				onLoad={() => setIsLoaded(true)}
				className={`${className} ${isLoaded ? '' : 'lazy-loading'}`.trim()}
			/>
			<noscript>
				<img src={src} alt={alt} width={width} height={height} className={className} />
			</noscript>
		</>
	)
}
