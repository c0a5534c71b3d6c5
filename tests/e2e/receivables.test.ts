import { eq, sql, type AnyColumn } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { companies, invoiceReminders, invoices, orders, settings, users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { fiPaymentId } from '#app/models/invoice/payment-reference.ts'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import {
	seriousAxeViolations,
	setupBrowserTests,
	submitLogin,
	waitForHydration,
	type WatchedPage,
} from '#tests/setup/browser.ts'
import { openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { deliverableOrder, savedQuote } from '#tests/setup/orders.ts'
import { validateOioubl } from '#tests/setup/oioubl.ts'
import { testServices } from '#tests/setup/services.ts'
import { setupSmtpPeer } from '#tests/setup/smtp.ts'

// From invoice to payment as staff and the customer see it, on the built server in Chromium: a
// bank statement pays an invoice and the customer's page says so; an overdue invoice gets three
// reminders as the clock moves (the data is moved while the server is stopped, as days passing
// would), and a payment stops them. Mail goes to a real SMTP peer.
const peer = setupSmtpPeer()
type Bill = { id: number; number: number; total: number; token: string; reference: string }
let bills: Bill[] = []
let openQuoteId = ''

async function delivered(database: TestDatabase, count: number): Promise<Bill[]> {
	const handle = await openTestDatabase(database)
	try {
		await seedDatabase(handle.db, { companies: 0 })
		await handle.db.update(settings).set({ fiCreditor: '85123456', reminderGraceDays: 3 }).where(eq(settings.id, 1))
		const [user] = await handle.db
			.insert(users)
			.values({ email: 'pm@tolk.test', name: 'PM', passwordHash: 'not used here' })
			.returning({ id: users.id, name: users.name })
		const services = testServices({ db: handle.db })
		const made: Bill[] = []
		for (let index = 0; index < count; index++) {
			const order = await deliverableOrder(services, user!, 1500 + 100 * index)
			const { invoice } = await changeOrderStatus(services, user!, order.id, 'delivered')
			const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id))
			made.push({ ...invoice!, token: row!.token, reference: row!.reference })
		}
		openQuoteId = (await savedQuote(handle.db, 1800)).quoteId
		await handle.db.insert(companies).values({
			cvr: 29189846,
			name: 'Testkommune Økonomi & Løn',
			searchName: 'testkommune økonomi & løn',
			street: 'Rådhuspladsen 1',
			postcode: '1550',
			city: '1550 København V',
			isActive: true,
		})
		return made
	} finally {
		await handle.close()
	}
}

const session = setupBrowserTests(() => ({ ...ADMIN_ENV, ...peer.env }), {
	seed: async (database) => void (bills = await delivered(database, 3)),
})
const open = (path: string) => session.open(path)

// `days` pass: every date of the invoices and their reminders moves that far into the past, while
// the site is stopped (its pages closed first: an open page would rightly complain that its live
// socket was cut).
function daysPass(days: number) {
	return session.restart(async (database) => {
		const handle = await openTestDatabase(database)
		try {
			const back = (column: AnyColumn) => sql`to_char(${column}::date - ${days}::int, 'YYYY-MM-DD')`
			await handle.db.update(invoices).set({ issueDate: back(invoices.issueDate), dueDate: back(invoices.dueDate) })
			await handle.db.update(invoiceReminders).set({ sentOn: back(invoiceReminders.sentOn) })
		} finally {
			await handle.close()
		}
	})
}

async function staffAt(path: string): Promise<WatchedPage> {
	const page = await open(path)
	await submitLogin(page)
	await page.getByRole('button', { name: 'Log out' }).waitFor()
	return page
}

describe('money from invoice to payment', () => {
	test(
		'a bank statement pays an invoice, the list and the CSV agree, and the customer sees it paid',
		{ timeout: 120_000 },
		async () => {
			const [bill] = bills
			const customer = await open(`/en/orders/${bill!.token}`)
			const invoiceBox = customer.locator('[data-controller="invoice-payment"]')
			await invoiceBox.getByText(/Please pay DKK\s[\d,.]+ by/).waitFor()
			expect(await invoiceBox.textContent()).toContain(`+71<${fiPaymentId(bill!.number)}+85123456<`)

			const staff = await staffAt('/admin/invoices')
			await staff.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor()
			expect(await seriousAxeViolations(staff)).toEqual([])
			await staff.getByRole('link', { name: /Import a bank statement/ }).click()
			await staff.getByRole('heading', { level: 1, name: 'Bank statement' }).waitFor()
			const money = bill!.total.toFixed(2).replace('.', ',')
			const statement = (amount: string) =>
				Buffer.from(
					`Dato;Tekst;Beløb;Saldo\r\n25-11-2026;FI-kort ${fiPaymentId(bill!.number)};${money};9000\r\n26-11-2026;Husleje;${amount};100\r\n`,
				)
			// A line that does not read names its line, and nothing is kept.
			await waitForHydration(staff)
			await staff
				.getByLabel("The bank's CSV file")
				.setInputFiles({ name: 'konto.csv', mimeType: 'text/csv', buffer: statement('-9,000.00') })
			// The file's first lines show under its own header, the columns found by their names.
			const preview = staff.locator('[data-bank-preview]')
			await preview.waitFor()
			expect(await preview.locator('th').allTextContents()).toEqual([
				'DatoDate column',
				'TekstText column',
				'BeløbAmount column',
				'Saldo',
			])
			const textColumn = staff.locator('select[name="text"]')
			expect(await textColumn.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(
				'Column 2: Tekst',
			)
			expect(await seriousAxeViolations(staff)).toEqual([])
			await staff.getByRole('button', { name: 'Read the statement' }).click()
			await staff.getByText('Line 3: the amount cannot be read. Nothing was registered.').waitFor()
			// The refusal's own status, which Chromium logs; the test expects it.
			staff.problems = staff.problems.filter((problem) => !problem.includes('422'))
			expect(await staff.getByText('No lines wait for confirmation.').count()).toBe(1)
			await staff
				.getByLabel("The bank's CSV file")
				.setInputFiles({ name: 'konto.csv', mimeType: 'text/csv', buffer: statement('-9.000,00') })
			await staff.getByRole('button', { name: 'Read the statement' }).click()
			await staff.getByText('New lines read: 1. Read before: 0. Outgoing left out: 1.').waitFor()
			const line = staff.locator('[data-bank-line]')
			expect(await line.count()).toBe(1)
			expect(await line.textContent()).toContain('FI payment ID')
			expect(await seriousAxeViolations(staff)).toEqual([])
			await staff.getByRole('button', { name: 'Register the ticked lines' }).click()
			await staff.getByText('Payments registered: 1.').waitFor()

			// The customer's open page changes by itself.
			await customer.getByText(/The invoice is paid/).waitFor()

			await staff.goto('/admin/invoices')
			const row = staff.locator('tr', {
				has: staff.getByRole('link', { name: `Invoice ${bill!.number}`, exact: true }),
			})
			expect(await row.getAttribute('data-status')).toBe('paid')
			const footTotal = (await staff.locator('[data-totals] td').first().textContent())!
			// For a bookkeeping system: the stable English headers and codes.
			const csv = await (await staff.request.get('/admin/invoices/export?for=machines')).text()
			expect(csv.startsWith('\uFEFFnumber;kind;')).toBe(true)
			expect(csv).toContain(';invoice;')
			// For the accountant who reads Danish: the same rows in the admin's words.
			const danish = await (await staff.request.get('/admin/invoices/export?lang=da')).text()
			expect(danish.startsWith('\uFEFFNummer;Type;Udstedt;Forfald;Køber;')).toBe(true)
			expect(danish).toContain(';Faktura;')
			expect(danish).toContain(';Betalt\r\n')
			expect(danish.split('\r\n').length).toBe(csv.split('\r\n').length)
			const csvTotal = csv
				.trim()
				.split('\r\n')
				.slice(1)
				.reduce((sum, cells) => sum + Number(cells.split(';')[10]!.replace(',', '.')), 0)
			expect(Number(footTotal.replace(/[^\d.]/g, ''))).toBeCloseTo(csvTotal, 2)
		},
	)

	test(
		'an overdue invoice gets three reminders 10 days apart; a payment stops them',
		{ timeout: 240_000 },
		async () => {
			const [, repeatedly, payer] = bills
			const subjects = () => peer.messages.map((mail) => mail.subject).filter((subject) => subject.startsWith('Rykker'))
			const sendNow = async (count: number) => {
				const staff = await staffAt('/admin/invoices')
				await staff.getByRole('button', { name: 'Send due reminders now' }).click()
				await staff.getByText(`Reminders sent: ${count}.`).waitFor()
				return staff
			}
			// Paid by the first journey: the one invoice is not reminded; 8 days' terms, 3 days' grace.
			await daysPass(11)
			await sendNow(2)
			await expect.poll(subjects).toHaveLength(2)
			expect(subjects()).toEqual(
				expect.arrayContaining([
					`Rykker 1: faktura ${repeatedly!.number} (${repeatedly!.reference})`,
					`Rykker 1: faktura ${payer!.number} (${payer!.reference})`,
				]),
			)
			const first = peer.messages.find((mail) => mail.subject.includes(`faktura ${repeatedly!.number} `))!
			expect(first.raw).toContain(`rykker-${repeatedly!.number}-1.pdf`)
			expect(first.raw).toContain(`faktura-${repeatedly!.number}.pdf`)

			// The customer pays one of them; staff register it, with a typing error first.
			const staff = await staffAt(`/admin/invoices/${payer!.id}`)
			await staff.getByLabel('Amount (DKK)').fill('1,250.50')
			await staff.getByRole('button', { name: 'Register the payment' }).click()
			await staff.getByText('Write the amount as 1250,50 or 1.250,50: a number above 0.').waitFor()
			staff.problems = staff.problems.filter((problem) => !problem.includes('422'))
			expect(await staff.getByLabel('Amount (DKK)').inputValue()).toBe('1,250.50')
			// The reminder's fee is owed with the total: paying the total alone leaves it open.
			await staff.getByLabel('Amount (DKK)').fill(payer!.total.toFixed(2).replace('.', ','))
			await staff.getByRole('button', { name: 'Register the payment' }).click()
			await staff.getByText('The payment is registered.').waitFor()
			await expect.poll(() => staff.locator('[data-invoice-history]').textContent()).toContain('Payment of DKK')
			expect(await staff.locator('[data-invoice-status]').textContent()).toBe('Overdue')
			await staff.getByLabel('Amount (DKK)').fill('100,00')
			await staff.getByRole('button', { name: 'Register the payment' }).click()
			await expect.poll(() => staff.locator('[data-invoice-status]').textContent()).toBe('Paid')
			const history = await staff.locator('[data-invoice-history]').textContent()
			expect(history).toContain('Reminder 1 sent, fee and interest DKK')
			expect(history).toContain('Payment of DKK')

			await daysPass(9)
			await sendNow(0)
			await daysPass(1)
			await sendNow(1)
			await daysPass(10)
			await sendNow(1)
			await daysPass(10)
			await sendNow(0)
			expect(subjects().filter((subject) => subject.includes(`faktura ${repeatedly!.number} `))).toEqual([
				`Rykker 1: faktura ${repeatedly!.number} (${repeatedly!.reference})`,
				`Rykker 2: faktura ${repeatedly!.number} (${repeatedly!.reference})`,
				`Rykker 3: faktura ${repeatedly!.number} (${repeatedly!.reference})`,
			])
			expect(subjects().filter((subject) => subject.includes(`faktura ${payer!.number} `))).toHaveLength(1)

			const customer = await open(`/ordre/${repeatedly!.token}`)
			await customer.locator('[data-invoice-status="overdue"]').waitFor()
			expect(await seriousAxeViolations(customer)).toEqual([])
			const list = await staffAt('/admin/invoices?status=overdue')
			expect(await list.locator('tbody tr').count()).toBe(1)
			expect(await list.locator('[data-aging="days31to60"]').textContent()).toMatch(/1 invoice$/)
			// The dashboard says what is overdue, and leads to it.
			await list.goto('/admin')
			const overdue = list.getByRole('link', { name: /Overdue invoices/ })
			expect(await overdue.textContent()).toMatch(/DKK\s[\d,.]+Overdue invoices1 invoice$/)
			await overdue.click()
			await list.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor()
			expect(await list.locator('tbody tr[data-status="overdue"]').count()).toBe(1)
		},
	)

	test(
		'a public body orders with its EAN and references; its invoice and credit note pass NemHandel’s validator',
		{ timeout: 180_000 },
		async () => {
			const page = await open(`/tilbud/${openQuoteId}/bestil`)
			const form = page.locator('[data-controller="accept-order"]')
			await form.getByLabel('Navn').fill('Lene Sørensen')
			await form.getByLabel('E-mail').fill('lene@kommune.example')
			await form.getByLabel('Jeg bestiller for en virksomhed eller offentlig myndighed').check()
			await form.getByRole('combobox', { name: 'Virksomhed' }).click()
			await page.keyboard.type('Testkom')
			await form.locator('[data-controller="company-search"]').getByRole('option').first().waitFor()
			await page.keyboard.press('Enter')
			await form.getByLabel(/^EAN-nummer/).fill('5798000416604')
			await form.getByLabel(/Jeg accepterer/).check()
			await form.getByRole('button', { name: 'Acceptér og bestil' }).click()
			// Refused in the buyer's language, saying what the e-invoice needs; nothing typed is lost.
			const refused = page.getByRole('alert').filter({ hasText: 'Bestillingen blev ikke sendt.' })
			await refused.waitFor()
			expect(await refused.textContent()).toContain(
				'Med EAN-nummer skal I oplyse jeres ordre- eller rekvisitionsnummer',
			)
			expect(await refused.textContent()).toContain('personreference eller det ID, jeres e-fakturaer sendes til')
			expect(await form.getByLabel(/^EAN-nummer/).inputValue()).toBe('5798000416604')
			page.problems = page.problems.filter((problem) => !problem.includes('422'))
			await form.getByLabel(/ordre- eller rekvisitionsnummer/).fill('REK-2026-0042 & "Øst"')
			await form.getByLabel(/Personreference eller ID/).fill('Lene Sørensen <økonomi>')
			await form.getByRole('button', { name: 'Acceptér og bestil' }).click()
			await page.waitForURL(/\/ordre\/[\w-]{32}$/)
			const heading = page.getByRole('heading', { level: 1, name: /^Ordre [0-9A-Z]{4}-[0-9A-Z]{4}$/ })
			await heading.waitFor()
			const reference = (await heading.textContent())!.replace(/^Ordre /, '')

			// Staff work and deliver it, then cancel it: an invoice and a credit note, both as OIOUBL.
			const staff = await staffAt('/admin/orders?status=')
			await staff.getByRole('link', { name: reference }).click()
			await staff.getByRole('heading', { level: 1, name: new RegExp(`Order ${reference}`) }).waitFor()
			await staff.getByLabel('New status').selectOption({ label: 'In progress' })
			await staff.getByRole('button', { name: 'Change status' }).click()
			await staff.getByText('The status is changed.').waitFor()
			await staff
				.getByLabel('Upload a translated file')
				.setInputFiles([{ name: 'rapport.txt', mimeType: 'text/plain', buffer: Buffer.from('Oversat rapport\n') }])
			await staff.getByRole('button', { name: 'Upload', exact: true }).click()
			await staff.getByText('rapport.txt is uploaded.').waitFor()
			await staff.getByLabel('New status').selectOption({ label: 'Delivered' })
			await staff.getByRole('button', { name: 'Change status' }).click()
			await staff.getByText(/^Invoice \d+/).waitFor()
			await staff.getByLabel('New status').selectOption({ label: 'Cancelled' })
			await staff.locator('[data-cancel-confirm] input').check()
			await staff.getByRole('button', { name: 'Cancel the order' }).click()
			await staff.getByText(/^Credit note \d+/).waitFor()
			const links = await staff
				.getByRole('link', { name: 'OIOUBL' })
				.evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).getAttribute('href')!))
			expect(links).toHaveLength(2)
			for (const href of links) {
				const xml = await (await staff.request.get(href)).text()
				expect(xml).toContain('REK-2026-0042 &amp; &quot;Øst&quot;')
				const verdict = await validateOioubl(xml)
				expect(verdict.findings.filter((finding) => finding.severity === 'fatal')).toEqual([])
				expect(verdict.valid).toBe(true)
			}
		},
	)
})
