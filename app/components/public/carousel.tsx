import { useRef, useState } from 'react'
import type Swiper from 'swiper'
import { useOnceNear } from '#app/hooks/use-once-near.ts'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'

export type Slide = { id: number; imageUrl: string; alt: string; text: string; link: string | null }

type Props = {
	slides: Slide[]
	label: string
	// Five slash-separated values: xs, and from 576, 768, 992 and 1200 px.
	slidesPerView?: string
	spaceBetween?: number
	autoplayDelay?: number
}

const PRELOAD_MARGIN = '300px'
const controlClass =
	'grid size-11 place-items-center rounded-full border border-slate-300 bg-white text-xl text-slate-800 hover:border-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700'

// The spec's swiper: the slides staff manage in the admin, as a centred coverflow carousel. The
// markup is a plain list first (all slides shown without script); Swiper is fetched once the
// carousel comes within 300 px of the viewport and takes over the same elements.
export function Carousel({ slides, label, slidesPerView = '1/1/2/3/3', spaceBetween, autoplayDelay }: Props) {
	const { t } = useI18n()
	const root = useRef<HTMLDivElement>(null)
	const container = useRef<HTMLDivElement>(null)
	const previous = useRef<HTMLButtonElement>(null)
	const next = useRef<HTMLButtonElement>(null)
	const pagination = useRef<HTMLDivElement>(null)
	const swiper = useRef<Swiper | null>(null)
	const [isPlaying, setIsPlaying] = useState<boolean | null>(null)

	useOnceNear(
		root,
		() => {
			let isGone = false
			const messages = {
				previous: t('carousel.previous'),
				next: t('carousel.next'),
				first: t('carousel.first'),
				last: t('carousel.last'),
				goTo: t('carousel.goTo'),
				slide: t('carousel.slide'),
				roleDescription: t('carousel.roleDescription'),
				item: t('carousel.item'),
				label,
			}
			void import('#app/components/public/carousel-swiper.ts').then(({ mountSwiper }) => {
				if (isGone || !root.current || !container.current) return
				const parts = {
					container: container.current,
					previous: previous.current,
					next: next.current,
					pagination: pagination.current,
				}
				swiper.current = mountSwiper(root.current, parts, messages, setIsPlaying)
			})
			return () => {
				isGone = true
				swiper.current?.destroy(true, true)
				swiper.current = null
			}
		},
		PRELOAD_MARGIN,
	)

	function toggleAutoplay() {
		const autoplay = swiper.current?.autoplay
		if (!autoplay) return
		if (autoplay.running) autoplay.stop()
		else autoplay.start()
	}

	if (slides.length === 0) return null
	return (
		<div
			ref={root}
			data-controller="swiper"
			data-slides-per-view={slidesPerView}
			data-space-between={spaceBetween}
			data-autoplay-delay={autoplayDelay}
			className="carousel"
		>
			<div ref={container} className="swiper">
				<div className="swiper-wrapper">
					{slides.map((slide) => (
						<div key={slide.id} className="swiper-slide">
							<SlideCard slide={slide} />
						</div>
					))}
				</div>
			</div>
			{/* Kept invisible until Swiper drives them, so they take their room from the start. */}
			<div
				className={`carousel-controls mt-6 flex items-center justify-center gap-3 ${isPlaying === null ? 'invisible' : ''}`}
			>
				<Button variant="bare" ref={previous} type="button" className={controlClass} aria-label={t('carousel.previous')}>
					<span aria-hidden>‹</span>
				</Button>
				<div ref={pagination} className="carousel-pagination" />
				<Button variant="bare"
					type="button"
					onClick={toggleAutoplay}
					className={controlClass}
					aria-label={t(isPlaying ? 'carousel.pause' : 'carousel.play')}
				>
					<span aria-hidden>{isPlaying ? '❚❚' : '▶'}</span>
				</Button>
				<Button variant="bare" ref={next} type="button" className={controlClass} aria-label={t('carousel.next')}>
					<span aria-hidden>›</span>
				</Button>
			</div>
		</div>
	)
}

function SlideCard({ slide }: { slide: Slide }) {
	const logo = (
		<img src={slide.imageUrl} alt={slide.alt} width={180} height={60} loading="lazy" className="h-15 w-45" />
	)
	return (
		<figure className="flex h-full min-h-56 flex-col justify-between gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
			<blockquote className="text-lg leading-7 text-slate-800">
				<Text as="p" k="carousel.quote" vars={{ text: slide.text }} />
			</blockquote>
			<figcaption>
				<div className="swiper-zoom-container justify-start!">
					{slide.link ? (
						<a
							href={slide.link}
							aria-label={slide.alt || slide.text}
							className="rounded focus-visible:outline-2 focus-visible:outline-teal-700"
						>
							{logo}
						</a>
					) : (
						logo
					)}
				</div>
			</figcaption>
		</figure>
	)
}
