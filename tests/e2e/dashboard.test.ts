import { describe, expect, test } from 'vitest'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import { visit } from '#tests/setup/http.ts'
import { logInAt, seriousAxeViolations, setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests(ADMIN_ENV)

async function sendRequest(name: string) {
	const visitor = await visit(session.server.url, '/en/contact')
	const fields = { name, email: 'asta@example.dk', message: 'A birth certificate into English, please.', consent: 'on' }
	const sent = await visitor.get('/en/contact', {
		method: 'POST',
		body: new URLSearchParams({ authenticity_token: visitor.csrfToken, ...fields }),
	})
	expect(sent.status).toBeLessThan(400)
}

describe('the dashboard', () => {
	test("shows the day's work, and its counts follow new requests while it is open", async () => {
		const page = await logInAt(session, '/admin')
		const work = page.getByRole('link', { name: /New requests/ })
		const count = async () => Number((await work.locator('span').first().textContent())?.replace(/\D/g, ''))
		const before = await count()
		for (const name of ['Quotes waiting', 'Orders due', 'Overdue orders'])
			await page.getByRole('link', { name: new RegExp(name) }).waitFor()
		expect(await work.getAttribute('href')).toBe('/admin/requests?status=new')

		await sendRequest('Asta Nielsen')
		await expect.poll(count, { timeout: 10_000 }).toBe(before + 1)
		// Its list holds the request.
		await work.click()
		await page
			.getByRole('link', { name: /Asta Nielsen|[0-9A-Z]{4}-[0-9A-Z]{4}/ })
			.first()
			.waitFor()
		expect(await page.getByRole('row').filter({ hasText: 'Asta Nielsen' }).count()).toBe(1)
	})

	test('on a phone, the admin menu folds behind one button that names the page, and opens by keyboard', async () => {
		const page = await logInAt(session, '/admin/orders')
		await page.setViewportSize({ width: 390, height: 844 })
		const menu = page.getByRole('navigation', { name: 'Administration' })
		const toggle = menu.getByRole('button', { name: /Menu · Orders/ })
		expect(await toggle.getAttribute('aria-expanded')).toBe('false')
		expect(await menu.getByRole('link', { name: 'Settings' }).isVisible()).toBe(false)
		await toggle.focus()
		await page.keyboard.press('Enter')
		expect(await toggle.getAttribute('aria-expanded')).toBe('true')
		await menu.getByRole('link', { name: 'Settings' }).click()
		await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
		expect(await menu.getByRole('button', { name: /Menu · Settings/ }).getAttribute('aria-expanded')).toBe('false')
		// Wide tables scroll inside the page, not the page sideways.
		await page.goto('/admin')
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
		expect(await seriousAxeViolations(page), 'axe').toEqual([])
		// On a laptop the menu is simply there.
		await page.setViewportSize({ width: 1366, height: 900 })
		expect(await menu.getByRole('link', { name: 'Settings' }).isVisible()).toBe(true)
	})
})
