import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { seedDatabase } from '#database/seed.ts'
import { jobs } from '#database/schema.ts'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import {
	seriousAxeViolations,
	setupBrowserTests,
	submitLogin,
	waitForHydration,
	type WatchedPage,
} from '#tests/setup/browser.ts'
import { openTestDatabase } from '#tests/setup/database.ts'
import { testServices } from '#tests/setup/services.ts'
import { setupSmtpPeer } from '#tests/setup/smtp.ts'
import { makeTranslator, orderWithDocument } from '#tests/setup/vendor.ts'
import { insertStaff } from '#tests/setup/orders.ts'
import { danishLocal } from '#app/models/vendor/deadline.ts'

// The vendor side in Chromium on the built server, with two translators' browsers and the PM's:
// an offer to both, the first to accept takes it and the other's offer vanishes live; download,
// upload, return with a note, upload again, approve; the customer gets that file, and the fee is
// owed for the month. Mail goes to a real SMTP peer.
const peer = setupSmtpPeer()
const ANNA = { email: '', password: '' }
const BO = { email: 'bo.vendor@translators.test', password: 'bo-translator-pass' }
let order = { id: 0, token: '', reference: '' }

const session = setupBrowserTests(() => ({ ...ADMIN_ENV, ...peer.env }), {
	async seed(database) {
		const handle = await openTestDatabase(database)
		try {
			await seedDatabase(handle.db, { companies: 0 })
			const pm = await insertStaff(handle.db)
			const services = { ...testServices({ db: handle.db }), documentsDir: `${database.dataDir}/documents` }
			Object.assign(ANNA, await makeTranslator(services, pm, 'Anna Vendor', { rate: 0.8 }))
			const made = await orderWithDocument(services, 1200, services.documentsDir)
			order = { id: made.order.id, token: made.order.token, reference: made.order.reference }
		} finally {
			await handle.close()
		}
	},
})
const open = (path: string) => session.open(path)

async function translatorAt(account: { email: string; password: string }): Promise<WatchedPage> {
	const page = await open('/work')
	expect(new URL(page.url()).pathname).toBe('/work/login')
	await submitLogin(page, account)
	await page.getByRole('heading', { level: 1, name: 'My work' }).waitFor()
	await waitForHydration(page)
	return page
}

const upload = (page: WatchedPage, name: string, text: string) =>
	page.getByLabel('Upload the translation').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) })

describe('translators work in the site', () => {
	test(
		'offer to two, one takes it, hand in, return, hand in again, approve, deliver, owe, revise',
		{ timeout: 240_000 },
		async () => {
			// The admin adds a second translator, with a login and the pair.
			const pm = await open('/admin/translators/new')
			await submitLogin(pm)
			await pm.getByRole('heading', { level: 1, name: 'New translator' }).waitFor()
			await pm.getByLabel('Name').fill('Bo Vendor')
			await pm.getByLabel('Email').fill(BO.email)
			await pm.getByLabel('Password').fill('short')
			const row = pm.locator('[data-pair-row="0"]')
			await row.getByLabel('From').selectOption('da')
			await row.getByLabel('To').selectOption('en')
			await row.getByLabel('Per word').fill('0,90')
			await pm.getByRole('button', { name: 'Save' }).click()
			await pm.getByText('At least 12 characters.', { exact: true }).waitFor()
			pm.problems = pm.problems.filter((problem) => !problem.includes('422'))
			expect(await pm.getByLabel('Name').inputValue()).toBe('Bo Vendor')
			await pm.getByLabel('Password').fill(BO.password)
			await pm.getByRole('button', { name: 'Save' }).click()
			await pm.getByText('The translator is saved.').waitFor()
			expect(await seriousAxeViolations(pm)).toEqual([])

			const anna = await translatorAt(ANNA)
			const bo = await translatorAt(BO)
			expect(await seriousAxeViolations(bo)).toEqual([])

			// The PM offers the job to both, each shown with their fee and load.
			await pm.goto(`/admin/orders/${order.id}`)
			await waitForHydration(pm)
			await pm.getByText('New job').click()
			const form = pm.locator('[data-controller="new-job"]')
			expect(await form.locator('[data-candidate]').count()).toBe(2)
			expect(await form.locator('label', { hasText: 'Anna Vendor' }).textContent()).toMatch(
				/DKK\s960\.00.*open: 0 words/,
			)
			// A deadline that leaves no working time is flagged beside each translator as it is typed;
			// one weeks away is not (whatever the time of day the test runs at).
			const deadline = form.getByLabel(/Deadline \(Danish time\)/)
			const suggested = await deadline.inputValue()
			await deadline.fill('2030-01-15T12:00')
			await form.locator('[data-capacity-warning]').first().waitFor({ state: 'detached' })
			await deadline.fill(danishLocal(new Date()))
			const annasWarning = form
				.locator('[data-candidate]', { hasText: 'Anna Vendor' })
				.locator('[data-capacity-warning]')
			expect(await annasWarning.textContent()).toMatch(
				/^Over capacity: with their open jobs this needs about 0\.4 working days; the deadline gives 0\./,
			)
			await deadline.fill('2030-01-15T12:00')
			await annasWarning.waitFor({ state: 'detached' })
			await deadline.fill(suggested)
			await form.getByLabel('Instructions for the translator').fill('Keep the clause numbers.')
			await form.getByLabel(/Anna Vendor/).check()
			await form.getByLabel(/Bo Vendor/).check()
			await form.getByRole('button', { name: 'Offer the job' }).click()
			await pm.getByText('The job is offered.', { exact: false }).waitFor()
			expect(await seriousAxeViolations(pm)).toEqual([])

			// Both open pages show the offer by themselves, and both got a mail.
			await anna.locator('[data-offer-item]').waitFor()
			await bo.locator('[data-offer-item]').waitFor()
			await expect
				.poll(() =>
					peer.messages
						.filter((mail) => mail.subject.startsWith('Jobtilbud'))
						.flatMap((mail) => mail.to)
						.sort(),
				)
				.toEqual([ANNA.email, BO.email].sort())
			expect(await anna.locator('[data-offer-item]').textContent()).toContain('Keep the clause numbers.')
			expect(await anna.locator('[data-offer-item]').textContent()).toContain('Danish → English')

			// Anna accepts; Bo's offer disappears while he looks at it.
			await anna.getByRole('button', { name: 'Accept' }).click()
			await anna.getByText('The job is yours.').waitFor()
			await bo.getByText('No offers right now.').waitFor()
			expect(await bo.locator('[data-offer-item]').count()).toBe(0)
			// He is told why, on the page and by mail.
			expect(await bo.locator('[data-taken-offers]').textContent()).toContain('Taken by another translator')
			await expect
				.poll(() =>
					peer.messages.some((mail) => mail.to.includes(BO.email) && mail.subject.startsWith('Jobtilbud taget')),
				)
				.toBe(true)
			expect(await anna.locator('main').textContent()).not.toMatch(/Ida Holm|ida@example\.dk/)
			expect(await seriousAxeViolations(anna)).toEqual([])

			// She downloads the source (logged) and hands in a translation.
			const [download] = await Promise.all([
				anna.waitForEvent('download'),
				anna.getByRole('link', { name: 'kontrakt.docx' }).click(),
			])
			expect(readFileSync(await download.path(), 'utf8')).toContain('Kontrakt')
			// A wrong file first, removed before she hands in.
			await upload(anna, 'shopping-list.txt', 'Milk, bread.')
			await anna.getByRole('button', { name: 'Upload', exact: true }).click()
			await anna.getByText('shopping-list.txt is uploaded.').waitFor()
			await anna.getByRole('button', { name: 'Remove shopping-list.txt' }).click()
			await anna.getByText('shopping-list.txt is removed.').waitFor()
			expect(await anna.locator('section[aria-labelledby="job-files"]').textContent()).not.toContain(
				'shopping-list.txt (',
			)
			expect(await anna.locator('section[aria-labelledby="job-thread"]').textContent()).toContain(
				'Removed shopping-list.txt before handing in.',
			)
			// The PM who offered the job watches their to-do list while she hands in.
			await pm.goto('/admin/todo')
			await pm.getByRole('heading', { level: 1, name: 'To-do' }).waitFor()
			await waitForHydration(pm)
			expect(await pm.locator('[data-todo="review"]').count()).toBe(0)
			await upload(anna, 'contract-en.txt', 'First draft of the contract.')
			await anna.getByRole('button', { name: 'Upload', exact: true }).click()
			await anna.getByText('contract-en.txt is uploaded.').waitFor()
			await anna.getByRole('button', { name: 'Hand in: the job is done' }).click()
			await anna.getByText('Handed in. The project manager is told.').waitFor()
			const review = pm.locator('[data-todo="review"] [data-todo-item]')
			await review.waitFor()
			expect(await review.textContent()).toMatch(
				/Handed in by Anna Vendor (\d+ minutes?|0 minutes) ago · Project manager: admin/,
			)
			expect(await seriousAxeViolations(pm)).toEqual([])
			// On a phone, the list and its buttons fit the screen.
			await pm.setViewportSize({ width: 390, height: 800 })
			expect(await pm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
			await pm.setViewportSize({ width: 1280, height: 800 })
			await expect
				.poll(() => peer.messages.find((mail) => / er afleveret$/.test(mail.subject))?.to.sort())
				.toEqual(['admin@tolk.example', 'kontakt@tolk.example'])

			// The PM's job page, from the list: returned with a note, which Anna sees without reloading.
			await review.getByRole('link').click()
			await pm.getByRole('heading', { level: 1, name: /Job \d+ for order/ }).waitFor()
			await waitForHydration(pm)
			expect(await seriousAxeViolations(pm)).toEqual([])
			await pm.getByLabel('What must be done again').fill('Clause 3 is missing.')
			await pm.getByRole('button', { name: 'Return to the translator' }).click()
			await pm.getByText('Returned to the translator with your note.').waitFor()
			await anna.locator('[data-return-note]', { hasText: 'Clause 3 is missing.' }).waitFor()

			await upload(anna, 'contract-en-v2.txt', 'The whole contract, clause 3 included.')
			await anna.getByRole('button', { name: 'Upload', exact: true }).click()
			await anna.getByText('contract-en-v2.txt is uploaded.').waitFor()
			await anna.getByRole('button', { name: 'Hand in: the job is done' }).click()
			await anna.getByText('Handed in. The project manager is told.').waitFor()

			// The PM's open page sees it handed in, approves, and delivers the order with that file.
			await pm.locator('[data-job-status="done"]').waitFor()
			await pm.getByRole('button', { name: 'Approve: add the files to the order' }).click()
			await pm.getByText('Approved: the files are on the order, ready to deliver.').waitFor()
			await pm.goto(`/admin/orders/${order.id}`)
			await waitForHydration(pm)
			// Waiting for the delivery, named after its source in the target language.
			const waiting = pm.getByRole('region', { name: 'Translated files' }).locator('[data-next-delivery]')
			expect(await waiting.locator('label').allTextContents()).toEqual(['kontrakt.en.txt'])
			expect(await waiting.textContent()).toContain('uploaded as contract-en-v2.txt')
			expect(await waiting.getByRole('checkbox', { name: 'kontrakt.en.txt' }).isChecked()).toBe(true)
			const status = pm.getByRole('region', { name: 'Status' })
			await status.getByRole('button', { name: 'Change status' }).click()
			await status.locator('[data-current-status="in_progress"]').waitFor()
			await status.getByLabel('New status').selectOption('delivered')
			await status.getByRole('button', { name: 'Change status' }).click()
			await status.locator('[data-current-status="delivered"]').waitFor()

			const customer = await open(`/en/orders/${order.token}`)
			const [delivered] = await Promise.all([
				customer.waitForEvent('download'),
				customer.getByRole('link', { name: 'kontrakt.en.txt' }).click(),
			])
			expect(readFileSync(await delivered.path(), 'utf8')).toBe('The whole contract, clause 3 included.')

			// What the agency owes: the month's row, and Anna's own page says the same.
			await pm.goto('/admin/payables')
			const month = new Intl.DateTimeFormat('en-CA', {
				timeZone: 'Europe/Copenhagen',
				year: 'numeric',
				month: '2-digit',
			}).format(new Date())
			const payable = pm.locator(`[data-payable="${month} Anna Vendor"]`)
			expect(await payable.textContent()).toMatch(/DKK\s960\.00/)
			// The running month is not paid yet, and the job behind the total is one click away.
			await pm.getByText('The month is not over yet').waitFor()
			expect(await payable.getByRole('button', { name: 'Mark paid' }).count()).toBe(0)
			await payable.getByText('1 job', { exact: true }).click()
			expect(await payable.locator('[data-paid-for]').textContent()).toMatch(/Translation · 1,200 · DKK\s960\.00/)
			expect(await seriousAxeViolations(pm)).toEqual([])
			await anna.goto('/work')
			expect(await anna.locator(`[data-earnings-month="${month}"]`).textContent()).toMatch(/DKK\s960\.00/)

			// The customer asks for a revision; it arrives on the PM's open to-do list, whose item
			// leads to the order page that offers it to Anna in one click, and her open page shows the
			// offer with the reason and the delivered file.
			await pm.goto('/admin/todo')
			await waitForHydration(pm)
			await customer.getByLabel('Something to change? Tell us what').fill('Clause 3 reads "buyer" for "seller".')
			await customer.getByRole('button', { name: 'Ask for a revision' }).click()
			await customer.getByText('Your request is sent.').waitFor()
			const asked = pm.locator('[data-todo="revision"] [data-todo-item]')
			await asked.waitFor()
			await asked.getByRole('link').first().click()
			await pm.getByRole('heading', { level: 1, name: new RegExp(`Order ${order.reference}`) }).waitFor()
			await waitForHydration(pm)
			const revision = pm.locator('[data-revision-offer]')
			await revision.getByText('Clause 3 reads "buyer" for "seller".').waitFor()
			expect(await seriousAxeViolations(pm)).toEqual([])
			await revision.getByRole('button', { name: 'Offer the revision to Anna Vendor' }).click()
			await pm.getByText('The revision is offered to Anna Vendor.').waitFor()
			expect(await pm.locator('[data-revision-offer]').count()).toBe(0)
			const offered = anna.locator('[data-offer-item]')
			await offered.waitFor()
			// 40 % of the DKK 960.00 the translation paid her.
			expect(await offered.textContent()).toMatch(/Revision[\s\S]*DKK\s384\.00/)
			await offered.getByRole('link').first().click()
			await anna.locator('[data-job-reason]', { hasText: 'Clause 3 reads "buyer" for "seller".' }).waitFor()
			expect(await anna.getByRole('region', { name: 'The offer' }).textContent()).toContain('kontrakt.en.txt')
			expect(await seriousAxeViolations(anna)).toEqual([])

			// She takes it and hands in the revised file; the PM approves it from the to-do list and
			// delivers it: the customer has version 2 under the same name, version 1 is staff's.
			await anna.getByRole('button', { name: 'Accept' }).click()
			await anna.getByText('The job is yours.').waitFor()
			// A question first: the PM answers it from the to-do list, and Anna sees the answer live.
			const annasThread = anna.locator('section[aria-labelledby="job-thread"]')
			await anna.getByLabel('Message', { exact: true }).fill('Should clause 4 change too?')
			await anna.getByRole('button', { name: 'Send', exact: true }).click()
			await annasThread.getByText('Should clause 4 change too?').waitFor()
			await pm.goto('/admin/todo')
			await waitForHydration(pm)
			const question = pm.locator('[data-todo="message"] [data-todo-item]')
			expect(await question.textContent()).toMatch(/Written by Anna Vendor/)
			await question.getByRole('link').first().click()
			await pm.getByRole('heading', { level: 1, name: /Job \d+ for order/ }).waitFor()
			await waitForHydration(pm)
			await pm.getByLabel('Message', { exact: true }).fill('Only clause 3.')
			await pm.getByRole('button', { name: 'Send', exact: true }).click()
			await annasThread.getByText('Only clause 3.').waitFor()
			await pm.goto('/admin/todo')
			await waitForHydration(pm)
			expect(await pm.locator('[data-todo="message"] [data-todo-item]').count()).toBe(0)
			await upload(anna, 'contract-en-v3.txt', 'Clause 3 reads "seller".')
			await anna.getByRole('button', { name: 'Upload', exact: true }).click()
			await anna.getByText('contract-en-v3.txt is uploaded.').waitFor()
			await anna.getByRole('button', { name: 'Hand in: the job is done' }).click()
			await anna.getByText('Handed in. The project manager is told.').waitFor()
			await pm.goto('/admin/todo')
			await waitForHydration(pm)
			await pm.locator('[data-todo="review"] [data-todo-item]').getByRole('link').click()
			await pm.getByRole('heading', { level: 1, name: /Job \d+ for order/ }).waitFor()
			await waitForHydration(pm)
			await pm.getByRole('button', { name: 'Approve: add the files to the order' }).click()
			await pm.getByText('Approved: the files are on the order, ready to deliver.').waitFor()
			// Meanwhile the customer still has the first delivery to download.
			await customer.reload()
			expect(await customer.getByRole('link', { name: 'kontrakt.en.txt' }).count()).toBe(1)
			await pm.goto(`/admin/orders/${order.id}`)
			await waitForHydration(pm)
			await status.getByLabel('New status').selectOption('delivered')
			await status.getByRole('button', { name: 'Change status' }).click()
			await status.locator('[data-current-status="delivered"]').waitFor()
			const earlier = pm.locator('[data-file-state="superseded"]')
			expect(await earlier.getAttribute('data-file')).toBe('kontrakt.en.txt')
			// On a phone, the order page with its versions fits the screen.
			await pm.setViewportSize({ width: 390, height: 800 })
			expect(await pm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
			await pm.setViewportSize({ width: 1280, height: 800 })
			await customer.reload()
			const [revised] = await Promise.all([
				customer.waitForEvent('download'),
				customer.getByRole('link', { name: 'kontrakt.en.txt' }).click(),
			])
			expect(readFileSync(await revised.path(), 'utf8')).toBe('Clause 3 reads "seller".')
			expect(await customer.getByText('version 2').count()).toBe(1)
			expect(await seriousAxeViolations(pm)).toEqual([])
			// The audit log says it in the reader's words: statuses by their names, not their codes.
			await pm.goto('/admin/audit')
			const log = (await pm.locator('main').textContent()) ?? ''
			expect(log).toContain(`Order ${order.reference}: In progress → Delivered`)
			expect(log).not.toMatch(/in_progress|revision_requested/)
		},
	)
})

describe("a month's payables closed", () => {
	test(
		'an ended month is marked paid with the day and the reference, and the translator is sent the remittance advice',
		// A restart: the server opens the database again, which a loaded machine makes slow.
		{ timeout: 240_000 },
		async () => {
			// The work above was approved 40 days ago: its month has ended.
			await session.restart(async (database) => {
				const handle = await openTestDatabase(database)
				try {
					await handle.db
						.update(jobs)
						.set({ approvedAt: sql`${jobs.approvedAt} - interval '40 days'` })
						.where(eq(jobs.status, 'approved'))
				} finally {
					await handle.close()
				}
			})
			const month = new Intl.DateTimeFormat('en-CA', {
				timeZone: 'Europe/Copenhagen',
				year: 'numeric',
				month: '2-digit',
			}).format(new Date(Date.now() - 40 * 86_400_000))
			const pm = await open(`/admin/payables?month=${month}`)
			await submitLogin(pm)
			await pm.getByRole('heading', { level: 1, name: 'Translator payables' }).waitFor()
			await waitForHydration(pm)
			const row = pm.locator(`[data-payable="${month} Anna Vendor"]`)
			await row.getByLabel('Reference').fill('Bank transfer 4711')
			await row.getByRole('button', { name: 'Mark paid' }).click()
			await pm.getByText('The month is marked paid.').waitFor()
			expect(await row.textContent()).toMatch(/Paid .+ \(marked by admin\)Bank transfer 4711/)
			expect(await row.getByRole('button', { name: 'Mark paid' }).count()).toBe(0)
			expect(await seriousAxeViolations(pm)).toEqual([])
			// Anna's advice, in her language: the day, the reference and the jobs it pays for.
			const advice = await expect
				.poll(() =>
					peer.messages.find((mail) => mail.to.includes(ANNA.email) && mail.subject.startsWith('Betaling for')),
				)
				.toBeTruthy()
				.then(() =>
					peer.messages.find((mail) => mail.to.includes(ANNA.email) && mail.subject.startsWith('Betaling for'))!,
				)
			expect(advice.text).toContain('Reference: Bank transfer 4711')
			expect(advice.text).toContain(order.reference)
		},
	)
})

// The link in the invitation mail to this address, once it has arrived.
async function invitationTo(email: string): Promise<URL> {
	const mail = () => peer.messages.find((message) => message.to.includes(email))
	await expect.poll(mail).toBeTruthy()
	return new URL(/http\S+\/admin\/invitation\/\S+/.exec(mail()!.text)![0])
}

describe('accounts by invitation', () => {
	test(
		'an admin makes an account without a password; the invited person chooses one from the mail and is signed in; deactivated, they are out at once',
		{ timeout: 120_000 },
		async () => {
			const admin = await open('/admin/users/new')
			await submitLogin(admin)
			await admin.getByRole('heading', { level: 1 }).waitFor()
			await waitForHydration(admin)
			await admin.getByLabel('Name').fill('Nina Invited')
			await admin.getByLabel('Email').fill('nina.invited@tolk.example')
			await admin.getByLabel('Role').selectOption('manager')
			await admin.getByRole('button', { name: 'Save' }).click()
			await admin.getByText('nina.invited@tolk.example is created and has been sent an invitation by mail').waitFor()
			const link = await invitationTo('nina.invited@tolk.example')

			// Her own browser: two passwords that differ are refused, then she is in.
			const nina = await open(`${link.pathname}?lang=en`)
			await nina.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor()
			expect(await nina.getByText('Hello Nina Invited.').isVisible()).toBe(true)
			expect(await seriousAxeViolations(nina)).toEqual([])
			await waitForHydration(nina)
			await nina.getByLabel('New password', { exact: true }).fill('ninas-own-password')
			await nina.getByLabel('Repeat the password').fill('ninas-other-password')
			await nina.getByRole('button', { name: 'Save and sign in' }).click()
			await nina.getByText('The two passwords are not the same.').waitFor()
			nina.problems = nina.problems.filter((problem) => !problem.includes('422'))
			await nina.getByLabel('New password', { exact: true }).fill('ninas-own-password')
			await nina.getByLabel('Repeat the password').fill('ninas-own-password')
			await nina.getByRole('button', { name: 'Save and sign in' }).click()
			await nina.getByRole('heading', { level: 1, name: 'Hello Nina Invited' }).waitFor()
			// The link worked once.
			await nina.goto(link.pathname)
			await nina.getByText(/already|allerede/).waitFor()

			// The admin deactivates her account: her next page is the sign-in.
			await admin.goto('/admin/users')
			await admin.getByRole('link', { name: 'Nina Invited' }).click()
			await admin.getByLabel('Deactivated').check()
			await admin.getByRole('button', { name: 'Save' }).click()
			await admin.getByText('“nina.invited@tolk.example” was saved.').waitFor()
			await nina.goto('/admin')
			await nina.waitForURL((url) => url.pathname === '/admin/login')
		},
	)

	test(
		'a translator made without a password chooses one from the mail and lands on their own work',
		{ timeout: 120_000 },
		async () => {
			const admin = await open('/admin/translators/new')
			await submitLogin(admin)
			await admin.getByRole('heading', { level: 1, name: 'New translator' }).waitFor()
			await waitForHydration(admin)
			await admin.getByLabel('Name').fill('Tove Invited')
			await admin.getByLabel('Email').fill('tove.invited@translators.test')
			const row = admin.locator('[data-pair-row="0"]')
			await row.getByLabel('From').selectOption('da')
			await row.getByLabel('To').selectOption('en')
			await row.getByLabel('Per word').fill('0,85')
			await admin.getByRole('button', { name: 'Save' }).click()
			await admin.getByText('The translator is saved.').waitFor()
			const link = await invitationTo('tove.invited@translators.test')

			const tove = await open(`${link.pathname}?lang=en`)
			await tove.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor()
			await waitForHydration(tove)
			await tove.getByLabel('New password', { exact: true }).fill('toves-own-password')
			await tove.getByLabel('Repeat the password').fill('toves-own-password')
			await tove.getByRole('button', { name: 'Save and sign in' }).click()
			await tove.getByRole('heading', { level: 1, name: 'My work' }).waitFor()
			expect(new URL(tove.url()).pathname).toBe('/work')
			expect(await seriousAxeViolations(tove)).toEqual([])
		},
	)
})
