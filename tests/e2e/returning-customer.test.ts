// The returning company customer's day on a 390 px phone, in Danish: signing in from the header,
// keeping the company when the phone number changes, finding last month's order by its PO and
// taking it as one ZIP, writing to the agency and reading the answer live, a partial credit note
// that the balance follows, and a colleague's large order waiting for the manager's approval
// before the agency sees it.
import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { customerCompanies, customers, invoices, orderFiles, orders } from '#database/schema.ts'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import { ACCOUNT_COMPANY, seedAccountOrders, type SeededOrder } from '#tests/setup/accounts.ts'
import { openTestDatabase } from '#tests/setup/database.ts'
import { seriousAxeViolations, setupBrowserTests, submitLogin, type WatchedPage } from '#tests/setup/browser.ts'
import { mailsIn, waitForMailTo } from '#tests/setup/mail-folder.ts'
import { savedQuote } from '#tests/setup/orders.ts'

const PHONE = { width: 390, height: 800 }
const PO = 'PO-4471'
let order: SeededOrder
let largeQuoteId = ''
let invoiceTotal = 0

const session = setupBrowserTests(ADMIN_ENV, {
	async seed(database) {
		order = (
			await seedAccountOrders(database, [{ email: 'ida@fjordlys.dk', name: 'Ida Holm', cvr: ACCOUNT_COMPANY.cvr }])
		)[0]!
		const handle = await openTestDatabase(database)
		try {
			const { db } = handle
			const [row] = await db.select().from(orders).where(eq(orders.id, order!.id))
			const lastMonth = new Date(Date.now() - 35 * 86_400_000)
			await db
				.update(orders)
				.set({ customer: { ...row!.customer, purchaseOrder: PO }, createdAt: lastMonth })
				.where(eq(orders.id, order!.id))
			// A second delivered file, so the ZIP holds the whole delivery.
			const storedName = `${randomUUID()}.docx`
			const deliveries = path.join(database.dataDir, 'documents', 'deliveries')
			mkdirSync(deliveries, { recursive: true })
			writeFileSync(path.join(deliveries, storedName), 'the appendix in English')
			await db.insert(orderFiles).values({
				orderId: order!.id,
				name: 'bilag.en.docx',
				type: 'docx',
				size: 23,
				storedName,
				deliveredAt: new Date(),
				version: 1,
			})
			const [company] = await db
				.insert(customerCompanies)
				.values({ cvr: ACCOUNT_COMPANY.cvr, name: ACCOUNT_COMPANY.name, approvalLimit: 1000 })
				.returning()
			const details = (name: string) => ({
				name,
				phone: '+45 20 30 40 50',
				companyCvr: ACCOUNT_COMPANY.cvr,
				companyName: ACCOUNT_COMPANY.name,
				companyAddress: 'Havnegade 3, 1058 København K',
				ean: null,
				buyerReference: null,
			})
			await db.insert(customers).values([
				{ email: 'ida@fjordlys.dk', details: details('Ida Holm'), companyId: company!.id, managesCompany: true },
				{ email: 'anna@fjordlys.dk', details: details('Anna Berg'), companyId: company!.id, managesCompany: false },
			])
			largeQuoteId = (await savedQuote(db, 8000)).quoteId
			const [invoice] = await db.select().from(invoices).where(eq(invoices.id, order!.invoiceId))
			invoiceTotal = invoice!.total
		} finally {
			await handle.close()
		}
	},
})

async function onPhone(path: string) {
	const page = await session.open()
	await page.setViewportSize(PHONE)
	await page.goto(path)
	return page
}

// Nothing on the page reaches past the phone's width, and axe finds nothing serious.
async function fitsAndPasses(page: WatchedPage) {
	expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(PHONE.width)
	expect(await seriousAxeViolations(page)).toEqual([])
}

// From the sign-in page: the e-mail, the link from the mail, "Fortsæt".
async function signIn(page: WatchedPage, email: string) {
	const before = (await mailsIn(session.database.dataDir)).filter((mail) => mail.to.includes(email)).length
	await page.getByLabel('E-mail').fill(email)
	await page.getByRole('button', { name: 'Send mig et link' }).click()
	await page.getByText(`Hvis ${email} er en gyldig adresse`).waitFor()
	const mail = await waitForMailTo(session.database.dataDir, email, before)
	await page.goto(new URL(mail.text.match(/http:\/\/[^\s]+\/konto\/link\/[\w-]{43}/)![0]).pathname)
	await page.getByRole('button', { name: 'Fortsæt' }).click()
}

describe('a returning company customer on a phone', () => {
	test(
		'signs in from the header, keeps the company, finds and downloads last month’s order, writes to the agency, sees a credit note, and approves a colleague’s large order',
		{ timeout: 300_000 },
		async () => {
			const ida = await onPhone('/')
			await ida.getByRole('button', { name: 'Menu' }).click()
			await ida.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Min konto' }).click()
			await ida.waitForURL(/\/konto\/log-ind\?next=/)
			await fitsAndPasses(ida)
			await signIn(ida, 'ida@fjordlys.dk')
			await ida.waitForURL((url) => url.pathname === '/konto')
			await fitsAndPasses(ida)

			// The phone number changes; the company stays, in the picker and after saving.
			await ida.goto('/konto/oplysninger')
			const picker = ida.locator('[data-controller="company-search"]')
			await picker.getByText(`${ACCOUNT_COMPANY.name} (Cvr. ${ACCOUNT_COMPANY.cvr})`).waitFor()
			await fitsAndPasses(ida)
			await ida.getByLabel('Telefon').fill('+45 70 20 30 40')
			await ida.getByRole('button', { name: 'Gem oplysninger' }).click()
			await ida.getByText('Dine oplysninger er gemt.').waitFor()
			await ida.reload()
			await picker.getByText(`${ACCOUNT_COMPANY.name} (Cvr. ${ACCOUNT_COMPANY.cvr})`).waitFor()
			expect(await ida.getByLabel('Telefon').inputValue()).toBe('+45 70 20 30 40')
			await ida.getByRole('heading', { name: `Kolleger hos ${ACCOUNT_COMPANY.name}` }).waitFor()

			await ida.goto('/konto/tilbud')
			await ida.locator('[data-controller="account-quotes"]').waitFor()
			await fitsAndPasses(ida)

			// Last month's order, found by its PO, taken whole as one ZIP.
			await ida.goto('/konto')
			await ida.getByRole('searchbox', { name: 'Søg' }).fill(PO)
			await ida.getByRole('button', { name: 'Søg' }).click()
			await ida.getByText('1 fundet').waitFor()
			await fitsAndPasses(ida)
			await ida.getByRole('link', { name: `Ordre ${order.reference}`, exact: true }).click()
			await ida.locator('[data-controller="account-order"]').waitFor()
			await fitsAndPasses(ida)
			const [zip] = await Promise.all([
				ida.waitForEvent('download'),
				ida.getByRole('link', { name: `Hent alle 2 filer fra ordre ${order.reference} som ZIP` }).click(),
			])
			expect(zip.suggestedFilename()).toBe(`${order.reference}.zip`)
			const unpacked = unzipSync(new Uint8Array(await readFile((await zip.path())!)))
			expect(Object.keys(unpacked).sort()).toEqual(['bilag.en.docx', 'contract.docx'])

			// A message to the agency; the PM's answer arrives while the page is open.
			await ida.getByLabel('Din besked').fill('Kan I også levere bilaget som PDF?')
			await ida.getByRole('button', { name: 'Send beskeden' }).click()
			await ida.getByText('Beskeden er sendt.').waitFor()
			const pm = await session.open(`/admin/orders/${order.id}`)
			await submitLogin(pm)
			const thread = pm.locator('[data-controller="order-thread"]')
			await thread.getByText('Kan I også levere bilaget som PDF?').waitFor()
			await thread.getByLabel(/Answer the customer|Svar kunden/).fill('Ja, den kommer i eftermiddag.')
			await thread.getByRole('button', { name: /Send the answer|Send svaret/ }).click()
			await pm.locator('[data-flash]').or(pm.getByRole('status')).first().waitFor()
			await ida.locator('[data-controller="order-thread"]').getByText('Ja, den kommer i eftermiddag.').waitFor()
			await fitsAndPasses(ida)

			// A partial credit note: the invoice's balance follows in the account.
			await pm.goto(`/admin/invoices/${order.invoiceId}`)
			await pm.getByLabel(/An amount without VAT|Et beløb ekskl. moms/).check()
			await pm.getByLabel(/^(Amount without VAT|Beløb ekskl. moms)$/).fill('200')
			await pm.getByLabel(/Reason|Årsag/).fill('Rabat for forsinket levering')
			await pm.getByRole('button', { name: /Issue the credit note|Udsted kreditnota/ }).click()
			await pm.locator('[data-credit-notes]').waitFor()
			await ida.goto('/konto/fakturaer')
			await ida.getByRole('heading', { name: /^Kreditnota \d+$/ }).waitFor()
			const invoice = ida
				.locator('[data-invoice]')
				.filter({ hasText: /^Faktura/ })
				.first()
			const owed = Number(await invoice.locator('[data-owed]').getAttribute('data-owed'))
			expect(owed).toBeCloseTo(invoiceTotal - 250, 2)
			await fitsAndPasses(ida)

			// Anna's order above the company's limit waits for Ida; the agency sees it only once approved.
			const anna = await onPhone('/konto/log-ind')
			await signIn(anna, 'anna@fjordlys.dk')
			await anna.waitForURL((url) => url.pathname === '/konto')
			await anna.goto(`/tilbud/${largeQuoteId}/bestil`)
			await anna.getByLabel('Jeg accepterer handelsbetingelserne.').check()
			await anna.getByRole('button', { name: 'Acceptér og bestil' }).click()
			await anna.waitForURL(/\/konto\?approval=sent/)
			await anna.getByText('Din bestilling er sendt til godkendelse').waitFor()
			await anna.locator('[data-approval-status="pending"]').waitFor()
			await fitsAndPasses(anna)
			await pm.goto('/admin/orders?q=anna%40fjordlys.dk')
			await pm
				.locator('main')
				.getByText(/No orders here|Ingen ordrer her/)
				.first()
				.waitFor()

			const asked = await waitForMailTo(session.database.dataDir, 'ida@fjordlys.dk', 1)
			expect(asked.subject).toBe('Anna Berg beder om godkendelse af en bestilling')
			await ida.goto('/konto')
			const approvals = ida.locator('[data-controller="account-approvals"]')
			await approvals.getByText('Bestilt af Anna Berg').waitFor()
			await fitsAndPasses(ida)
			await approvals.getByRole('button', { name: 'Godkend bestillingen fra Anna Berg' }).click()
			const done = ida.getByText(/Bestillingen er godkendt og afgivet som ordre/)
			await done.waitFor()
			const reference = /ordre (\S+)\.$/.exec((await done.textContent())!.trim())![1]!
			await anna.locator('[data-approval-status="approved"]').waitFor({ timeout: 15_000 })
			await pm.goto('/admin/orders?q=anna%40fjordlys.dk')
			await pm.locator('main').getByText(reference).first().waitFor()
		},
	)
})
