import Swiper from 'swiper'
import { A11y, Autoplay, EffectCoverflow, Navigation, Pagination, Zoom } from 'swiper/modules'
import 'swiper/css'
import 'swiper/css/a11y'
import 'swiper/css/effect-coverflow'
import 'swiper/css/pagination'
import 'swiper/css/zoom'
import {
	COVERFLOW,
	DEFAULT_AUTOPLAY_DELAY,
	ZOOM_RATIOS,
	parseSlidesPerView,
	parseWholeNumber,
} from '#app/components/public/carousel-settings.ts'
import { prefersReducedMotion } from '#app/utils/motion.client.ts'

export type CarouselMessages = {
	previous: string
	next: string
	first: string
	last: string
	goTo: string
	slide: string
	roleDescription: string
	item: string
	label: string
}

type Parts = {
	container: HTMLElement
	previous: HTMLElement | null
	next: HTMLElement | null
	pagination: HTMLElement | null
}

// Loaded after hydration, so a page without a carousel in view never pays for Swiper. The root's
// data attributes carry the settings: data-slides-per-view, data-space-between, data-autoplay-delay.
export function mountSwiper(
	root: HTMLElement,
	parts: Parts,
	messages: CarouselMessages,
	onAutoplay: (running: boolean) => void,
): Swiper {
	const { slidesPerView, breakpoints } = parseSlidesPerView(root.dataset.slidesPerView)
	const spaceBetween = parseWholeNumber(root.dataset.spaceBetween, 0)
	const delay = parseWholeNumber(root.dataset.autoplayDelay, DEFAULT_AUTOPLAY_DELAY, { min: 500 })
	const prefersStill = prefersReducedMotion()
	const swiper = new Swiper(parts.container, {
		// No Keyboard module: it would take the arrow keys from the whole page (the menu, the tabs);
		// the buttons and bullets are in the tab order instead.
		modules: [A11y, Autoplay, EffectCoverflow, Navigation, Pagination, Zoom],
		effect: 'coverflow',
		coverflowEffect: { ...COVERFLOW },
		centeredSlides: true,
		// Centred slides start in the middle, so both sides of the first view are filled.
		initialSlide: Math.floor((parts.container.querySelectorAll('.swiper-slide').length - 1) / 2),
		slidesPerView,
		breakpoints: Object.fromEntries(
			Object.entries(breakpoints).map(([width, value]) => [width, { ...value, spaceBetween }]),
		),
		spaceBetween,
		rewind: true,
		speed: prefersStill ? 0 : 400,
		// Autoplay stops for good once the visitor takes over; people who ask for less motion start still.
		autoplay: { delay, disableOnInteraction: true },
		zoom: { ...ZOOM_RATIOS },
		navigation: parts.previous && parts.next ? { prevEl: parts.previous, nextEl: parts.next } : false,
		pagination: parts.pagination ? { el: parts.pagination, clickable: true } : false,
		a11y: {
			prevSlideMessage: messages.previous,
			nextSlideMessage: messages.next,
			firstSlideMessage: messages.first,
			lastSlideMessage: messages.last,
			paginationBulletMessage: messages.goTo,
			slideLabelMessage: messages.slide,
			// The APG carousel: a labelled region described as a carousel, of groups described as slides.
			containerRole: 'region',
			containerMessage: messages.label,
			containerRoleDescriptionMessage: messages.roleDescription,
			itemRoleDescriptionMessage: messages.item,
		},
		on: {
			autoplayStart: () => onAutoplay(true),
			autoplayStop: () => onAutoplay(false),
		},
	})
	if (prefersStill) swiper.autoplay.stop()
	onAutoplay(swiper.autoplay.running)
	return swiper
}
