import { describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { visit } from '#tests/setup/http.ts'
import {
	CLEAR_OF_MIDNIGHT_MS,
	clearOfMidnightInDenmark,
	seriousAxeViolations,
	setupBrowserTests,
	submitLogin,
} from '#tests/setup/browser.ts'
import { setupSmtpPeer, waitForMail } from '#tests/setup/smtp.ts'

const smtp = setupSmtpPeer()
const session = setupBrowserTests(Object.assign(smtp.env, ADMIN_ENV))

describe('the request form', () => {
	test(
		'picks a company by typing three letters, keeps everything through a 422, sends, mails both, and appears in the open inbox',
		{ timeout: 60_000 + CLEAR_OF_MIDNIGHT_MS },
		async () => {
			await clearOfMidnightInDenmark()
			// Staff have the inbox open.
			const inbox = await session.open('/admin/requests')
			await submitLogin(inbox)
			await inbox.getByRole('heading', { name: 'Requests', level: 1 }).waitFor()

			const page = await session.open('/en/order')
			const form = page.locator('[data-controller="leadform"]')
			await form.getByLabel('Name').fill('Karen Blixen')
			await form.getByLabel('Email').fill('karen-at-rungstedlund')
			await form.getByLabel('I represent a company').check()
			// The business picker appears with the focus in it (once its lazily loaded script has come:
			// more than expect.poll's default second on a busy machine); three letters start the search.
			const picker = form.getByRole('combobox', { name: 'Company' })
			await expect
				.poll(() => picker.evaluate((element) => element === document.activeElement), { timeout: 10_000 })
				.toBe(true)
			await page.keyboard.type('Jen')
			const options = form.locator('[data-controller="company-search"]').getByRole('option')
			await options.first().waitFor()
			expect(await options.count()).toBeLessThanOrEqual(10)
			await expect.poll(() => options.first().textContent()).toMatch(/Cvr\. \d{8} · .+, \d{4} /)
			const chosen = (await options.first().locator('span span').first().textContent())!.replace(/ceased$/, '').trim()
			// The first option has the focus; the arrows move it, Enter chooses.
			await page.keyboard.press('ArrowDown')
			await page.keyboard.press('ArrowUp')
			await page.keyboard.press('Enter')
			await expect.poll(() => form.locator('[data-controller="company-search"]').textContent()).toContain(chosen)

			await form.getByRole('button', { name: 'Delivery by' }).click()
			await page
				.getByRole('dialog')
				.getByRole('button', { disabled: false })
				.filter({ hasText: /^\d+$/ })
				.first()
				.click()
			const date = (await form.getByRole('button', { name: 'Delivery by' }).textContent())!.trim()
			expect(date).toMatch(/\d{4}/)
			await form.getByRole('button', { name: 'More' }).click()
			await form.getByRole('button', { name: 'More' }).click()
			await form.getByLabel('Message').fill('Our annual report, 40 pages, into English.')
			await form.getByLabel(/I agree that you store my details/).check()
			await form.getByRole('button', { name: 'Send request' }).click()

			// 422: the server's text in the error area, and nothing lost.
			const errors = page.getByRole('alert').filter({ hasText: 'The request was not sent' })
			await errors.waitFor()
			expect(await errors.textContent()).toContain('Enter a valid email address, such as name@company.dk.')
			expect(await form.getByLabel('Name').inputValue()).toBe('Karen Blixen')
			expect(await form.getByLabel('Email').inputValue()).toBe('karen-at-rungstedlund')
			expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true')
			expect(await form.getByLabel('I represent a company').isChecked()).toBe(true)
			expect(await form.locator('[data-controller="company-search"]').textContent()).toContain(chosen)
			expect((await form.getByRole('button', { name: 'Delivery by' }).textContent())!.trim()).toBe(date)
			expect(await form.getByLabel('Certified paper copies').inputValue()).toBe('2')
			expect(await form.getByLabel('Message').inputValue()).toBe('Our annual report, 40 pages, into English.')
			expect(await form.getByLabel(/I agree that you store my details/).isChecked()).toBe(true)
			expect(await seriousAxeViolations(page)).toEqual([])
			// The browser logs the expected 422 itself.
			page.problems = page.problems.filter((problem) => !problem.includes('422'))

			await form.getByLabel('Email').fill('karen@rungstedlund.dk')
			await form.getByRole('button', { name: 'Send request' }).click()
			const done = page.getByRole('heading', { name: 'Thank you – we have your request' })
			await done.waitFor()
			await expect.poll(() => done.evaluate((element) => element === document.activeElement)).toBe(true)
			expect(await form.getByLabel('Name').count()).toBe(0)
			const reference = (await page.getByText(/Your reference is/).textContent())!.match(
				/([0-9A-Z]{4}-[0-9A-Z]{4})/,
			)![1]!

			const mails = await waitForMail(smtp, 2)
			const toAgency = mails.find((mail) => mail.to.includes('kontakt@tolk.example'))!
			expect(toAgency.text).toContain(chosen)
			expect(toAgency.text).toContain('Bekræftede kopier: 2')
			expect(mails.find((mail) => mail.to.includes('karen@rungstedlund.dk'))!.subject).toBe(
				`We have received your request (${reference})`,
			)

			// The open inbox shows the request without a reload.
			await inbox.getByRole('link', { name: reference }).waitFor({ timeout: 5_000 })
			expect(await inbox.getByRole('row').filter({ hasText: reference }).textContent()).toContain('Karen Blixen')
		},
	)

	test('the company picker is hidden until the box is ticked (toggle-display), and a search below three characters asks nothing', async () => {
		const page = await session.open('/kontakt')
		const form = page.locator('[data-controller="leadform"]')
		const picker = form.getByRole('combobox', { name: 'Virksomhed' })
		// "!represents_company" shows the note for private customers while the box is not ticked.
		const privateNote = form.getByText('Priserne vises uden moms. I Danmark betaler både private og virksomheder')
		expect(await picker.isVisible()).toBe(false)
		expect(await privateNote.isVisible()).toBe(true)
		await form.getByLabel('Jeg repræsenterer en virksomhed').check()
		await picker.waitFor()
		expect(await privateNote.isVisible()).toBe(false)
		let searches = 0
		page.on('request', (request) => {
			if (request.url().includes('/businesses')) searches++
		})
		await picker.fill('Je')
		await page.getByText('Skriv mindst 3 tegn').waitFor()
		expect(searches).toBe(0)
		await form.getByLabel('Jeg repræsenterer en virksomhed').uncheck()
		expect(await picker.isVisible()).toBe(false)
		expect(await privateNote.isVisible()).toBe(true)
		expect(await seriousAxeViolations(page)).toEqual([])
	})

	test('the order page carries the same form under its quote, accessibly', async () => {
		const page = await session.open('/en/order')
		const form = page.locator('[data-controller="leadform"]')
		await form.getByRole('region', { name: 'Your quote' }).waitFor()
		await form.getByRole('button', { name: 'Send request' }).waitFor()
		expect(await seriousAxeViolations(page)).toEqual([])
	})

	test('the staff history box opens on the newest note and follows new ones, unless staff scrolled up to read (auto-scroll)', async () => {
		const visitor = await visit(session.server.url, '/en/contact')
		const fields = {
			name: 'Tove Ditlevsen',
			email: 'tove@example.dk',
			message: 'Poems into German, please.',
			consent: 'on',
		}
		const sent = await visitor.get('/en/contact', {
			method: 'POST',
			body: new URLSearchParams({ authenticity_token: visitor.csrfToken, ...fields }),
		})
		expect(sent.status).toBeLessThan(400)
		const staff = await logIn(session.server.url)
		const list = await (await staff.get('/admin/requests?q=Poems', { headers: { accept: 'text/html' } })).text()
		const id = list.match(/href="\/admin\/requests\/(\d+)"/)![1]
		for (let note = 1; note <= 12; note++)
			expect((await staff.post(`/admin/requests/${id}/notes`, { body: `Note ${note}` })).status).toBe(302)

		const page = await session.open(`/admin/requests/${id}`)
		await submitLogin(page)
		const history = page.locator('[data-controller="auto-scroll"]')
		await history.waitFor()
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		const fromEnd = () => history.evaluate((box) => box.scrollHeight - box.scrollTop - box.clientHeight)
		expect(await history.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true)
		await expect.poll(fromEnd).toBeLessThan(2)
		expect(await history.getAttribute('aria-label')).toBe('Notes and history, newest last')

		// A new note scrolls into view.
		await page.getByLabel('Add a note').fill('Note 13')
		await page.getByRole('button', { name: 'Save note' }).click()
		await history.getByText('Note 13', { exact: true }).waitFor()
		await expect.poll(fromEnd).toBeLessThan(2)

		// Scrolled up to read, staff stay where they are when another note arrives.
		await history.evaluate((box) => box.scrollTo({ top: 0, behavior: 'instant' }))
		await page.getByLabel('Add a note').fill('Note 14')
		await page.getByRole('button', { name: 'Save note' }).click()
		await history.getByText('Note 14', { exact: true }).waitFor()
		await page.waitForTimeout(300)
		// (Chrome's scroll anchoring may nudge it by a pixel; following would have gone to the end.)
		expect(await history.evaluate((box) => box.scrollTop)).toBeLessThan(5)
		expect(await fromEnd()).toBeGreaterThan(200)

		// The box is reachable by keyboard.
		await history.focus()
		await page.keyboard.press('End')
		await expect.poll(fromEnd).toBeLessThan(2)
	})
})

describe("the delivery date before the page's script has run", () => {
	test("is the browser's own date field with the earliest day, and the picker takes over the day chosen in it", async () => {
		const page = await session.browser.newPage({ baseURL: session.server.url })
		try {
			// The script arrives only once a day has been chosen: a slow phone on a busy day.
			let release: () => void = () => {}
			const held = new Promise<void>((resolve) => (release = resolve))
			await page.route('**/assets/entry.client-*.js', async (route) => {
				await held
				await route.continue()
			})
			await page.goto('/en/order', { waitUntil: 'domcontentloaded' })
			const field = page.locator('[data-controller="date-picker"] input[type="date"]')
			const min = (await field.getAttribute('min'))!
			expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/)
			const chosen = new Date(Date.parse(`${min}T12:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10)
			await field.fill(chosen)
			expect(await page.getByLabel('Delivery by').inputValue()).toBe(chosen)
			release()
			await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
			const picker = page.getByRole('button', { name: 'Delivery by' })
			const shown = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(`${chosen}T12:00:00`))
			await expect.poll(async () => (await picker.textContent())?.trim()).toBe(shown)
			expect(await page.locator('input[type="hidden"][name="delivery_date"]').inputValue()).toBe(chosen)
		} finally {
			await page.close()
		}
	})
})
