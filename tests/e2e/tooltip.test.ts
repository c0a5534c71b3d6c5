import { describe, expect, test } from 'vitest'
import { seriousAxeViolations, setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

describe('tooltip', () => {
	test('shows on hover and on focus, can be pointed at, and is gone (not just invisible) when hidden', async () => {
		const page = await session.open('/en/prices')
		const trigger = page
			.locator('[data-controller="tooltip"]')
			.getByRole('button', { name: 'What counts as a working day?' })
		const tip = page.getByRole('tooltip')
		expect(await tip.count()).toBe(0)

		await trigger.hover()
		await tip.waitFor()
		expect(await tip.textContent()).toContain('Monday to Friday, except Danish public holidays')
		// Visible and clickable: the pointer can move onto it and it stays.
		const box = (await page.locator('[data-radix-popper-content-wrapper]').boundingBox())!
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
		expect(await tip.isVisible()).toBe(true)
		expect(await seriousAxeViolations(page)).toEqual([])

		await page.mouse.move(0, 0)
		await tip.waitFor({ state: 'detached' })

		// The keyboard: focus shows it, Esc hides it.
		await trigger.focus()
		await tip.waitFor()
		await page.keyboard.press('Escape')
		await tip.waitFor({ state: 'detached' })
	})

	test('opens when reached with Tab, stays while it has the focus, and Esc or moving on closes it', async () => {
		const page = await session.open('/en/prices')
		const tip = page.getByRole('tooltip')
		// Tab from the top: the browser scrolls the button into view on the way, which must not close it.
		for (let step = 0; step < 80; step++) {
			await page.keyboard.press('Tab')
			if (
				(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ===
				'What counts as a working day?'
			)
				break
		}
		await tip.waitFor()
		expect(await tip.textContent()).toContain('Monday to Friday')
		await page.mouse.wheel(0, 120)
		await page.mouse.move(5, 5)
		await expect.poll(() => tip.count()).toBe(1)
		await page.keyboard.press('Escape')
		await tip.waitFor({ state: 'detached' })
		await page.keyboard.press('Shift+Tab')
		await page.keyboard.press('Tab')
		await tip.waitFor()
		await page.keyboard.press('Tab')
		await tip.waitFor({ state: 'detached' })
	})

	test('a tap toggles it on a touch screen, and a tap elsewhere closes it', async () => {
		const context = await session.browser.newContext({
			baseURL: session.server.url,
			hasTouch: true,
			isMobile: true,
			viewport: { width: 390, height: 844 },
		})
		try {
			const page = await context.newPage()
			const problems: string[] = []
			page.on('pageerror', (error) => problems.push(error.message))
			page.on('console', (message) => {
				if (message.type() === 'error') problems.push(message.text())
			})
			await page.goto('/en/prices')
			await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
			const trigger = page
				.locator('[data-controller="tooltip"]')
				.getByRole('button', { name: 'What counts as a working day?' })
			const tip = page.getByRole('tooltip')
			await trigger.scrollIntoViewIfNeeded()
			await trigger.tap()
			await tip.waitFor()
			expect(await tip.textContent()).toContain('Monday to Friday')
			await trigger.tap()
			await tip.waitFor({ state: 'detached' })
			await trigger.tap()
			await tip.waitFor()
			await page.getByRole('heading', { level: 1 }).tap()
			await tip.waitFor({ state: 'detached' })
			expect(problems).toEqual([])
		} finally {
			await context.close()
		}
	})
})
