import { describe, expect, test } from 'vitest'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import { ACCOUNT_COMPANY, seedAccountOrders, type SeededOrder } from '#tests/setup/accounts.ts'
import { seriousAxeViolations, setupBrowserTests, submitLogin, type WatchedPage } from '#tests/setup/browser.ts'
import { waitForMailTo, mailsIn } from '#tests/setup/mail-folder.ts'

let own: SeededOrder
let companyOrder: SeededOrder
const session = setupBrowserTests(ADMIN_ENV, {
	async seed(database) {
		const seeded = await seedAccountOrders(database, [
			{ email: 'ida@example.dk', name: 'Ida Holm' },
			{ email: 'ida@example.dk', name: 'Ida Holm', cvr: ACCOUNT_COMPANY.cvr },
		])
		own = seeded[0]!
		companyOrder = seeded[1]!
	},
})
const open = (path: string) => session.open(path)

// Asks for a link on the sign-in page, then opens it from the mail folder and continues.
async function signInByMail(page: WatchedPage, email: string) {
	const before = (await mailsIn(session.database.dataDir)).filter((mail) => mail.to.includes(email)).length
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send me a link' }).click()
	await page.getByText(`If ${email} is a valid address, a link is on its way.`).waitFor()
	const mail = await waitForMailTo(session.database.dataDir, email, before)
	const link = mail.text.match(/http:\/\/[^\s]+\/en\/account\/link\/[\w-]{43}/)![0]
	await page.goto(new URL(link).pathname)
	await page.getByText(`Sign in as ${email}.`).waitFor()
	await page.getByRole('button', { name: 'Continue' }).click()
}

describe('a customer without script', () => {
	// The link's page sends no referrer (its address holds the token), so the browser posts its form
	// with `Origin: null`: the same happens to anyone who clicks before the page has hydrated.
	test('signs in by the link from the mail, with JavaScript off', async () => {
		const context = await session.browser.newContext({ baseURL: session.server.url, javaScriptEnabled: false })
		try {
			const page = await context.newPage()
			const email = 'no-script@example.dk'
			await page.goto('/en/account/sign-in')
			await page.getByLabel('Email').fill(email)
			await page.getByRole('button', { name: 'Send me a link' }).click()
			await page.getByText(`If ${email} is a valid address, a link is on its way.`).waitFor()
			const mail = await waitForMailTo(session.database.dataDir, email, 0)
			const link = mail.text.match(/http:\/\/[^\s]+\/en\/account\/link\/[\w-]{43}/)![0]
			await page.goto(new URL(link).pathname)
			await page.getByText(`Sign in as ${email}.`).waitFor()
			const [answer] = await Promise.all([
				page.waitForResponse((response) => response.request().method() === 'POST'),
				page.getByRole('button', { name: 'Continue' }).click(),
			])
			expect(answer.request().headers()['origin']).toBe('null')
			await page.waitForURL((url) => url.pathname === '/en/account')
			await page.getByText(`Signed in as ${email}.`).waitFor()
		} finally {
			await context.close()
		}
	})
})

describe('writing to the agency without script', () => {
	test('the order page’s message form posts as a plain form, with a file, and the answer shows on the page', async () => {
		const context = await session.browser.newContext({ baseURL: session.server.url, javaScriptEnabled: false })
		try {
			const page = await context.newPage()
			await page.goto(`/en/orders/${own.token}`)
			await page.getByLabel('Your message').fill('Could you send the appendix as a PDF too?')
			await page.getByLabel('Attach files (optional, at most 5)').setInputFiles({
				name: 'appendix.txt',
				mimeType: 'text/plain',
				buffer: Buffer.from('The appendix, page 3.'),
			})
			await page.getByRole('button', { name: 'Send the message' }).click()
			await page.getByText('Your message has been sent.').waitFor()
			const thread = page.locator('[data-controller="order-thread"]')
			await thread.getByText('Could you send the appendix as a PDF too?').waitFor()
			await thread.getByRole('link', { name: 'appendix.txt' }).waitFor()
		} finally {
			await context.close()
		}
	})
})

describe('a customer with an account', () => {
	test(
		'signs in by the link from the mail, finds earlier orders, downloads, orders again, asks for a revision staff see live, and shares the company with a colleague until removed',
		{ timeout: 180_000 },
		async () => {
			// Signed out, the account sends to the sign-in and back.
			const ida = await open('/en/account')
			await ida.waitForURL(/\/en\/account\/sign-in\?next=/)
			expect(await seriousAxeViolations(ida)).toEqual([])
			await signInByMail(ida, 'ida@example.dk')
			await ida.waitForURL((url) => url.pathname === '/en/account')
			await ida.getByText('Signed in as ida@example.dk.').waitFor()
			const orders = ida.locator('[data-controller="account-orders"]')
			for (const order of [own, companyOrder]) await orders.getByText(`Order ${order.reference}`).waitFor()
			expect(await seriousAxeViolations(ida)).toEqual([])

			// A delivery and an invoice download.
			const [file] = await Promise.all([
				ida.waitForEvent('download'),
				orders.getByRole('link', { name: 'contract.docx' }).first().click(),
			])
			expect(file.suggestedFilename()).toBe('contract.docx')
			await ida.getByRole('link', { name: 'Invoices' }).click()
			await ida.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor()
			expect(await seriousAxeViolations(ida)).toEqual([])
			const [pdf] = await Promise.all([
				ida.waitForEvent('download'),
				ida
					.getByRole('link', { name: /^Faktura \d+ as PDF$|^Invoice \d+ as PDF$/ })
					.first()
					.click(),
			])
			expect(pdf.suggestedFilename()).toMatch(/^(?:invoice|faktura)-\d+\.pdf$/)

			// Order again: the order page starts with the details and the languages.
			await ida.getByRole('link', { name: 'Orders' }).click()
			await ida.getByRole('link', { name: `Order again with the choices of order ${own.reference}` }).click()
			await ida.waitForURL(/\/en\/order\?again=/)
			const lead = ida.locator('[data-controller="leadform"]')
			expect(await lead.getByLabel('Email').inputValue()).toBe('ida@example.dk')
			expect(await lead.getByLabel('Name').inputValue()).toBe('Ida Holm')
			expect(await ida.getByRole('region', { name: 'Your quote' }).getByLabel('From').inputValue()).not.toBe('')

			// A revision, seen live on the staff's open order page.
			const admin = await open(`/admin/orders/${own.id}`)
			await submitLogin(admin)
			await admin.locator('[data-current-status="delivered"]').waitFor()
			await ida.goto('/en/account')
			await ida.getByRole('link', { name: `Order ${own.reference}`, exact: true }).click()
			await ida.locator('[data-controller="account-order"]').waitFor()
			await ida.getByRole('link', { name: "The order's own page (payment, revision, rating)" }).click()
			await ida.getByRole('heading', { level: 2, name: 'Your delivery' }).waitFor()
			expect(await seriousAxeViolations(ida)).toEqual([])
			await ida.getByLabel('Something to change? Tell us what').fill('Short')
			await ida.getByRole('button', { name: 'Ask for a revision' }).click()
			await ida.getByRole('alert').filter({ hasText: 'at least 10 characters' }).waitFor()
			expect(await ida.getByLabel('Something to change? Tell us what').inputValue()).toBe('Short')
			ida.problems = ida.problems.filter((problem) => !problem.includes('422'))
			await ida.getByLabel('Something to change? Tell us what').fill('The table on page 2 is still in English.')
			await ida.getByRole('button', { name: 'Ask for a revision' }).click()
			await ida.getByText('Your request is sent.').waitFor()
			await admin.locator('[data-current-status="revision_requested"]').waitFor({ timeout: 15_000 })
			// Her reason is in the order's history and where the revision is offered to a translator.
			await admin.locator('[data-revision-offer]').getByText('The table on page 2 is still in English.').waitFor()
			expect(await admin.getByText('The table on page 2 is still in English.').count()).toBe(2)
			// The live update that reloaded Ida's page meanwhile left her answer in sight.
			await ida.getByText('You have asked for a revision.').waitFor()
			expect(await ida.getByText('Your request is sent.').isVisible()).toBe(true)

			// The company: Ida names it in her details and so manages its account; she invites Anna.
			await ida.goto('/en/account/details')
			const picker = ida.getByRole('combobox', { name: 'Company' })
			await picker.fill('Fjordlys')
			await ida.getByRole('option', { name: new RegExp(ACCOUNT_COMPANY.name) }).click()
			await ida.getByRole('button', { name: 'Save details' }).click()
			await ida.getByText("this is now the company's account").waitFor()
			expect(await seriousAxeViolations(ida)).toEqual([])
			await ida.getByLabel("Colleague's e-mail").fill('anna@example.dk')
			await ida.getByRole('button', { name: 'Invite' }).click()
			await ida.getByText('An invitation is on its way to anna@example.dk.').waitFor()

			const anna = await session.open()
			const invitation = await waitForMailTo(session.database.dataDir, 'anna@example.dk')
			expect(invitation.subject).toContain(ACCOUNT_COMPANY.name)
			await anna.goto(new URL(invitation.text.match(/http:\/\/[^\s]+\/account\/link\/[\w-]{43}/)![0]).pathname)
			await anna.getByRole('button', { name: 'Continue' }).click()
			await anna.waitForURL((url) => url.pathname.endsWith('/account') || url.pathname === '/konto')
			const annaOrders = anna.locator('[data-controller="account-orders"]')
			await annaOrders.getByText(`Order ${companyOrder.reference}`).waitFor()
			expect(await annaOrders.getByText(`Order ${own.reference}`).count()).toBe(0)

			// Removed, Anna's open page loses the company's orders at once.
			await ida.reload()
			await ida.getByRole('button', { name: 'Remove anna@example.dk' }).click()
			await ida.getByText('anna@example.dk no longer has access').waitFor()
			await annaOrders.getByText(`Order ${companyOrder.reference}`).waitFor({ state: 'detached', timeout: 15_000 })
		},
	)
})
