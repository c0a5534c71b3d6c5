// The spec's carousel settings, read from its data attributes.

// The widths (px) at which the sm, md, lg and xl values of data-slides-per-view take over from xs.
export const CAROUSEL_BREAKPOINTS = [576, 768, 992, 1200] as const
export const DEFAULT_AUTOPLAY_DELAY = 3000
export const ZOOM_RATIOS = { minRatio: 1, maxRatio: 3 } as const
export const COVERFLOW = { depth: 150, rotate: 0, stretch: 0, modifier: 1, slideShadows: false } as const

const MAX_SLIDES_PER_VIEW = 10

type SlidesPerView = { slidesPerView: number; breakpoints: Record<number, { slidesPerView: number }> }

// "1/1/2/3/3" gives xs, sm, md, lg and xl. A missing or unreadable value repeats the one before,
// so "1/2" means one on phones and two from 576 px up.
export function parseSlidesPerView(value: string | undefined): SlidesPerView {
	const parts = (value ?? '').split('/')
	let current = 1
	const values = [0, 1, 2, 3, 4].map((index) => {
		const number = Number(parts[index]?.trim() || Number.NaN)
		if (Number.isFinite(number) && number > 0) current = Math.min(number, MAX_SLIDES_PER_VIEW)
		return current
	})
	return {
		slidesPerView: values[0]!,
		breakpoints: Object.fromEntries(
			CAROUSEL_BREAKPOINTS.map((width, index) => [width, { slidesPerView: values[index + 1]! }]),
		),
	}
}

// A whole number of pixels or milliseconds from an attribute, or the fallback.
export function parseWholeNumber(value: string | undefined, fallback: number, { min = 0 } = {}): number {
	if (value === undefined || !/^\s*\d+\s*$/.test(value)) return fallback
	const number = Number(value)
	return number >= min ? number : fallback
}
