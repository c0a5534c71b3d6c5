import { describe, expect, test } from 'vitest'
import { setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

describe('lazy images', () => {
	test('load only within 300 px of the viewport, carry lazy-loading until loaded, and keep their size meanwhile', async () => {
		const page = await session.open()
		await page.setViewportSize({ width: 1000, height: 300 })
		await page.goto('/en/about')
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		const photo = page.locator('[data-controller="employee"] img[data-src]').first()
		const state = () =>
			photo.evaluate((element: HTMLImageElement) => ({
				hasSource: element.hasAttribute('src'),
				isLoading: element.classList.contains('lazy-loading'),
				box: [element.getBoundingClientRect().width, element.getBoundingClientRect().height],
				below: element.getBoundingClientRect().top - window.innerHeight,
			}))
		const far = await state()
		expect(far.below).toBeGreaterThan(300)
		expect(far).toMatchObject({ hasSource: false, isLoading: true, box: [96, 96] })

		// Scroll until the photo is 200 px below the viewport: close enough to load.
		await page.evaluate((below) => window.scrollBy(0, below - 200), far.below)
		await expect.poll(async () => (await state()).hasSource).toBe(true)
		await expect.poll(async () => (await state()).isLoading).toBe(false)
		expect((await state()).below).toBeGreaterThan(0)
		expect(await photo.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0)
		expect((await state()).box).toEqual([96, 96])
	})
})
