import { describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { DEMO_SLIDES } from '#database/seed-data.ts'
import { seriousAxeViolations, setupBrowserTests, type WatchedPage } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

// The carousel on the home page, scrolled into view and driven by Swiper.
async function openCarousel(page: WatchedPage, path = '/en'): Promise<Locator> {
	if (path) {
		await page.goto(path)
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	}
	const carousel = page.locator('[data-controller="swiper"]')
	await carousel.scrollIntoViewIfNeeded()
	await carousel.locator('.swiper-initialized').waitFor()
	return carousel
}

// Where an element is once it has stopped moving (smooth scrolling, the appearing effect).
async function settledBox(locator: Locator) {
	let last = ''
	await expect
		.poll(
			async () => {
				const box = JSON.stringify(await locator.boundingBox())
				const isSettled = box === last
				last = box
				return isSettled
			},
			{ interval: 100, timeout: 5_000 },
		)
		.toBe(true)
	return JSON.parse(last) as { x: number; y: number; width: number; height: number }
}

const activeIndex = (carousel: Locator) =>
	carousel
		.locator('.swiper-slide')
		.evaluateAll((slides) => slides.findIndex((slide) => slide.classList.contains('swiper-slide-active')))
// The active slide's: the others are set back in depth, so they look narrower.
const slideWidth = (carousel: Locator) =>
	carousel.locator('.swiper-slide-active').evaluate((slide) => slide.getBoundingClientRect().width)
const frameWidth = (carousel: Locator) => carousel.locator('.swiper').evaluate((frame) => frame.clientWidth)

describe('swiper', () => {
	test('shows the slides staff manage as a centred coverflow, moves on by itself, and stops for good once the visitor takes over', async () => {
		const page = await session.open()
		const carousel = await openCarousel(page)
		const slides = carousel.getByRole('group')
		expect(await slides.count()).toBe(DEMO_SLIDES.length)
		expect(await slides.first().textContent()).toContain(`“${DEMO_SLIDES[0]!.textEn}”`)
		expect(await slides.first().getAttribute('aria-label')).toBe(`1 of ${DEMO_SLIDES.length}`)
		// It opens on the middle slide, so both sides of the view are filled.
		expect(await activeIndex(carousel)).toBe(2)
		expect(
			await carousel.getByRole('region', { name: 'What our customers say' }).getAttribute('aria-roledescription'),
		).toBe('carousel')

		// Centred, three to a view at 1280 px with 24 px between, the neighbours set back 150 px and not turned.
		const centre = async (locator: Locator) =>
			locator.evaluate((element) => (element.getBoundingClientRect().left + element.getBoundingClientRect().right) / 2)
		await expect
			.poll(async () =>
				Math.abs(
					(await centre(carousel.locator('.swiper-slide-active'))) - (await centre(carousel.locator('.swiper'))),
				),
			)
			.toBeLessThan(2)
		expect(Math.abs((await slideWidth(carousel)) - ((await frameWidth(carousel)) - 2 * 24) / 3)).toBeLessThan(2)
		// Depth 150 per slide's width of distance from the centre; the neighbour is one slide and a gap away.
		const neighbour = (await carousel.locator('.swiper-slide-next').getAttribute('style'))!
		const depth = Number(neighbour.match(/translate3d\(0px, 0px, (-?[\d.]+)px\)/)?.[1])
		const width = await slideWidth(carousel)
		expect(depth).toBeCloseTo((-150 * (width + 24)) / width, 0)
		expect(neighbour).toContain('rotateX(0deg) rotateY(0deg)')

		// Autoplay moves on after its delay (3000 ms unless data-autoplay-delay says otherwise).
		expect(await carousel.getAttribute('data-autoplay-delay')).toBeNull()
		await expect.poll(() => activeIndex(carousel), { timeout: 6_000, interval: 250 }).toBe(3)

		// Pagination: one bullet per slide; choosing one shows that slide, and autoplay is over.
		const bullets = carousel.getByRole('button', { name: /^Go to slide \d$/ })
		expect(await bullets.count()).toBe(DEMO_SLIDES.length)
		await bullets.nth(1).click()
		await expect.poll(() => activeIndex(carousel)).toBe(1)
		await carousel.getByRole('button', { name: 'Play the carousel' }).waitFor()
		await page.waitForTimeout(3_500)
		expect(await activeIndex(carousel)).toBe(1)

		// The keyboard works the previous and next buttons.
		await carousel.getByRole('button', { name: 'Previous slide' }).focus()
		await page.keyboard.press('Enter')
		await expect.poll(() => activeIndex(carousel)).toBe(0)
		await carousel.getByRole('button', { name: 'Next slide' }).focus()
		await page.keyboard.press('Space')
		await expect.poll(() => activeIndex(carousel)).toBe(1)

		// Play starts it again.
		await carousel.getByRole('button', { name: 'Play the carousel' }).click()
		await carousel.getByRole('button', { name: 'Pause the carousel' }).waitFor()
		await expect.poll(() => activeIndex(carousel), { timeout: 6_000, interval: 250 }).toBe(2)
		expect(await seriousAxeViolations(page)).toEqual([])
	})

	test('takes slides per view from data-slides-per-view at 576, 768, 992 and 1200 px', async () => {
		const page = await session.open()
		await page.setViewportSize({ width: 560, height: 900 })
		const carousel = await openCarousel(page)
		expect(await carousel.getAttribute('data-slides-per-view')).toBe('1/1/2/3/3')
		for (const [width, perView] of [
			[560, 1],
			[700, 1],
			[800, 2],
			[1000, 3],
			[1280, 3],
		] as const) {
			await page.setViewportSize({ width, height: 900 })
			const gaps = (perView - 1) * 24
			await expect
				.poll(async () => Math.round(((await frameWidth(carousel)) - gaps) / (await slideWidth(carousel))), {
					message: `${width} px`,
				})
				.toBe(perView)
		}
	})

	test('a swipe on a touch screen, or a drag with the mouse, moves to the next slide and ends autoplay', async () => {
		const context = await session.browser.newContext({
			baseURL: session.server.url,
			hasTouch: true,
			isMobile: true,
			viewport: { width: 390, height: 844 },
		})
		try {
			const page = (await context.newPage()) as WatchedPage
			const carousel = await openCarousel(page)
			const box = await settledBox(carousel.locator('.swiper'))
			const y = box.y + box.height / 2
			const cdp = await context.newCDPSession(page)
			const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
				cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
			// Across most of the width, so it is a long swipe past half a slide even if Swiper takes
			// the first move to tell a swipe from a scroll.
			await touch('touchStart', box.x + box.width * 0.95)
			for (const share of [0.85, 0.75, 0.65, 0.55, 0.45, 0.35, 0.25, 0.15, 0.05]) {
				await touch('touchMove', box.x + box.width * share)
				await page.waitForTimeout(16)
			}
			await touch('touchEnd', 0)
			await expect.poll(() => activeIndex(carousel)).toBe(3)
			await carousel.getByRole('button', { name: 'Play the carousel' }).waitFor()
		} finally {
			await context.close()
		}

		const page = await session.open()
		const carousel = await openCarousel(page)
		const box = await settledBox(carousel.locator('.swiper-slide-active'))
		await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2)
		await page.mouse.down()
		await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2, { steps: 8 })
		await page.mouse.up()
		await expect.poll(() => activeIndex(carousel)).toBe(3)
		await carousel.getByRole('button', { name: 'Play the carousel' }).waitFor()
	})

	test('zooms a logo up to three times on a double tap, and back', async () => {
		const page = await session.open()
		const carousel = await openCarousel(page)
		await carousel.getByRole('button', { name: 'Pause the carousel' }).click()
		const logo = carousel.locator('.swiper-slide-active img')
		const scale = () => logo.evaluate((image) => new DOMMatrix(getComputedStyle(image).transform).a)
		await logo.dblclick()
		await expect.poll(scale).toBe(3)
		await logo.dblclick()
		await expect.poll(scale).toBe(1)
	})

	test('stays still for visitors who prefer reduced motion, and shows every slide without script', async () => {
		const page = await session.open()
		await page.emulateMedia({ reducedMotion: 'reduce' })
		const carousel = await openCarousel(page)
		await carousel.getByRole('button', { name: 'Play the carousel' }).waitFor()
		await page.waitForTimeout(3_500)
		expect(await activeIndex(carousel)).toBe(2)

		const html = await (await fetch(`${session.server.url}/`)).text()
		for (const slide of DEMO_SLIDES) expect(html).toContain(`»${slide.textDa}«`)
		expect(html).toContain(
			'.carousel .swiper-wrapper { flex-wrap: wrap; } .carousel-controls { display: none !important; }',
		)
	})
})
