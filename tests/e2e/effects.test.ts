import { describe, expect, test } from 'vitest'
import { seriousAxeViolations, setupBrowserTests, waitForHydration } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

const opacity = (element: Element) => Number(getComputedStyle(element).opacity)

describe('appearing', () => {
	test('a block below the fold waits unseen and fades in as it enters the viewport; what is already in view stays', async () => {
		const page = await session.open('/en')
		const blocks = page.locator('[data-controller="appearing"]')
		const cta = blocks.filter({ hasText: 'Get a price in seconds' })
		expect(await cta.getAttribute('data-appearing')).toBe('waiting')
		expect(await cta.evaluate(opacity)).toBe(0)
		await cta.scrollIntoViewIfNeeded()
		await expect.poll(() => cta.getAttribute('data-appearing')).toBe('shown')
		await expect.poll(() => cta.evaluate(opacity)).toBe(1)
		expect(await seriousAxeViolations(page)).toEqual([])

		// Opened further down, the blocks already in view are never hidden.
		const tall = await session.open()
		await tall.setViewportSize({ width: 1280, height: 4000 })
		await tall.goto('/en')
		await waitForHydration(tall)
		expect(await tall.locator('[data-appearing="waiting"]').count()).toBe(0)
	})

	test('shows everything at once to visitors who prefer reduced motion, and the server renders it visible', async () => {
		const page = await session.open()
		await page.emulateMedia({ reducedMotion: 'reduce' })
		await page.goto('/en')
		await waitForHydration(page)
		expect(await page.locator('[data-controller="appearing"]').count()).toBeGreaterThan(1)
		expect(await page.locator('[data-appearing]').count()).toBe(0)
		// The markup, not the inline styles (which name the states).
		const html = await (await fetch(`${session.server.url}/en`)).text()
		const body = html.slice(html.indexOf('<body'))
		expect(body).toContain('data-controller="appearing"')
		expect(body).not.toContain('data-appearing=')
	})
})

describe('illustration', () => {
	// The image's vertical shift, and the frame's distance from the middle of the viewport.
	const measure = () => {
		const frame = document.querySelector<HTMLElement>('[data-controller="illustration"]')!
		const box = frame.getBoundingClientRect()
		return {
			shift: new DOMMatrix(getComputedStyle(frame.querySelector('img')!).transform).f,
			distance: box.top + box.height / 2 - window.innerHeight / 2,
		}
	}

	test('drifts against the scroll by its speed times its distance from the middle of the viewport', async () => {
		const page = await session.open('/en')
		const frame = page.locator('[data-controller="illustration"]')
		expect(await frame.getAttribute('data-speed')).toBe('0.15')
		await frame.scrollIntoViewIfNeeded()
		const readings = []
		for (const offset of [-250, 250]) {
			await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), offset)
			await expect
				.poll(async () => {
					const { shift, distance } = await page.evaluate(measure)
					return Math.abs(shift + distance * 0.15)
				})
				.toBeLessThan(0.5)
			readings.push(await page.evaluate(measure))
		}
		// Scrolling down moves the frame up, and the image inside it down.
		expect(readings[1]!.distance).toBeLessThan(readings[0]!.distance)
		expect(readings[1]!.shift).toBeGreaterThan(readings[0]!.shift)
	})

	test('stays put for visitors who prefer reduced motion', async () => {
		const page = await session.open()
		await page.emulateMedia({ reducedMotion: 'reduce' })
		await page.goto('/en')
		await waitForHydration(page)
		await page.locator('[data-controller="illustration"]').scrollIntoViewIfNeeded()
		await page.evaluate(() => window.scrollBy({ top: 200, behavior: 'instant' }))
		await page.waitForTimeout(300)
		expect((await page.evaluate(measure)).shift).toBe(0)
	})
})
