import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { bankLines, invoices, payments, settings } from '#database/schema.ts'
import { addCalendarDays, todayInDenmark, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { parseDanishAmount } from '#app/models/invoice/amounts.ts'
import {
	confirmBankLines,
	countOpenBankLines,
	bankLayout,
	importBankStatement,
	openBankLines,
} from '#app/models/invoice/bank-import.server.ts'
import { BANK_CSV_MAX_LINES, BANK_PAGE_SIZE, readBankCsv } from '#app/models/invoice/bank-csv.ts'
import type { Invoice } from '#app/models/invoice/invoice.server.ts'
import { fiPaymentId, invoiceNumberFromFiId } from '#app/models/invoice/payment-reference.ts'
import { registerPayment, type PaymentInput, type PaymentRefused } from '#app/models/invoice/payments.server.ts'
import {
	exportInvoicesCsv,
	listInvoices,
	readInvoiceFilter,
	receivablesSummary,
} from '#app/models/invoice/receivables.server.ts'
import { sendDueReminders } from '#app/models/invoice/reminders.server.ts'
import { extractPdf } from '#app/models/wordcount/formats/pdf.server.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { csvLine } from '#app/utils/csv.ts'
import { formatPrice } from '#app/utils/format.ts'
import { invoiceForCustomer } from '#app/models/invoice/customer.server.ts'
import { deliverableOrder, setupOrderTests } from '#tests/setup/orders.ts'

// From invoice to payment on a real database: payments by hand and from a bank statement, the
// list staff work from and the accountant's CSV, and reminders on a clock the test moves.
const { db, mails, services, staff } = setupOrderTests()

async function deliveredInvoice(words = 2000): Promise<Invoice> {
	const order = await deliverableOrder(services(), staff, words)
	return (await changeOrderStatus(services(), staff, order.id, 'delivered')).invoice!
}
const reload = async (invoice: Invoice) => (await db().select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!
const pay = (invoice: Invoice, values: Partial<PaymentInput> = {}) =>
	registerPayment(services(), staff, invoice.id, {
		paidOn: todayInDenmark(),
		amount: invoice.total,
		method: 'bank',
		note: '',
		paidBefore: 0,
		...values,
	})
const statusOf = async (invoice: Invoice, today?: CalendarDate) =>
	(await listInvoices(db(), readInvoiceFilter(new URL(`http://x/?q=${invoice.number}`)), 1, today)).invoices.find(
		(row) => row.id === invoice.id,
	)?.status

describe('amounts as staff and banks write them', () => {
	test('Danish and plain formats are read; anything ambiguous is refused, never guessed', () => {
		expect(['1250', '1250,5', '1.250,50', '1 250,50', '1250.50', '-1.250,50'].map(parseDanishAmount)).toEqual([
			1250, 1250.5, 1250.5, 1250.5, 1250.5, -1250.5,
		])
		expect(['1,250.50', '12,5,0', 'kr', '', '1.2.3', '1.2500', '9'.repeat(30)].map(parseDanishAmount)).toEqual(
			Array(7).fill(null),
		)
	})

	test('an FI payment ID carries the invoice number and a check digit that catches a typo', () => {
		expect(fiPaymentId(1234)).toMatch(/^0{10}1234\d$/)
		expect(invoiceNumberFromFiId(fiPaymentId(1234))).toBe(1234)
		const typo = fiPaymentId(1234).replace(/1234/, '1243')
		expect(invoiceNumberFromFiId(typo)).toBeNull()
	})
})

describe('payments', () => {
	test('part payments add up to paid; an overpayment shows; a payment on stale figures is refused', async () => {
		const invoice = await deliveredInvoice()
		expect(await statusOf(invoice)).toBe('open')
		await pay(invoice, { amount: 1000 })
		expect(await statusOf(invoice)).toBe('part_paid')
		const stale = await pay(invoice, { amount: 1000, paidBefore: 0 }).catch((error: unknown) => error)
		expect((stale as PaymentRefused).reason).toBe('stale')
		await pay(invoice, { amount: invoice.total - 1000 + 10, paidBefore: 1000 })
		expect(await statusOf(invoice)).toBe('paid')
		const row = (await listInvoices(db(), readInvoiceFilter(new URL(`http://x/?q=${invoice.number}`)))).invoices.find(
			(listed) => listed.id === invoice.id,
		)
		expect(row!.overpaid).toBeCloseTo(10, 2)
	})

	test('two staff registering the same payment at once register it once', async () => {
		const invoice = await deliveredInvoice()
		const results = await Promise.allSettled([pay(invoice), pay(invoice)])
		expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
		expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1)
		expect((await reload(invoice)).paidAmount).toBe(invoice.total)
	})

	test('a credit note settles its invoice, which then takes no payment', async () => {
		const invoice = await deliveredInvoice()
		await changeOrderStatus(services(), staff, invoice.orderId, 'cancelled', 'withdrawn')
		expect(await statusOf(invoice)).toBe('credited')
		const refused = await pay(invoice).catch((error: unknown) => error)
		expect((refused as PaymentRefused).reason).toBe('credited')
	})
})

describe('the list and the export', () => {
	test('overdue, aging and the CSV agree with the sum of the invoices', async () => {
		const invoice = await deliveredInvoice()
		const later = addCalendarDays(invoice.dueDate as CalendarDate, 45)
		expect(await statusOf(invoice, later)).toBe('overdue')
		const list = await listInvoices(db(), readInvoiceFilter(new URL('http://x/?aging=days31to60')), 1, later)
		expect(list.invoices.map((row) => row.id)).toContain(invoice.id)

		const all = await db().select().from(invoices)
		const signedTotal = all.reduce((sum, row) => sum + (row.kind === 'credit_note' ? -row.total : row.total), 0)
		const everything = await listInvoices(db(), readInvoiceFilter(new URL('http://x/')))
		expect(everything.totals.total).toBeCloseTo(signedTotal, 2)
		expect(everything.total).toBe(all.length)

		let csv = ''
		for await (const chunk of exportInvoicesCsv(
			db(),
			readInvoiceFilter(new URL('http://x/')),
			todayInDenmark(),
			(c) => csvLine(c) + '\r\n',
		))
			csv += chunk
		const rows = csv
			.trim()
			.split('\r\n')
			.slice(1)
			.map((line) => line.split(';'))
		expect(rows).toHaveLength(all.length)
		const csvTotal = rows.reduce((sum, cells) => sum + Number(cells[10]!.replace(',', '.')), 0)
		// The reminders' fees and interest stand in a column of their own, beside the total.
		expect(csv.split('\r\n')[0]).toContain(';total;charges;paid;')
		expect(csvTotal).toBeCloseTo(signedTotal, 2)

		const owed = all.filter((row) => row.kind === 'invoice')
		const summary = await receivablesSummary(db(), later)
		expect(summary.overdue.count).toBeGreaterThan(0)
		expect(summary.owed.count).toBeLessThanOrEqual(owed.length)
	})
})

const statement = (lines: string[]) => new TextEncoder().encode(['Dato;Tekst;Beløb;Saldo', ...lines].join('\r\n'))
const LAYOUT = { date: 0, text: 1, amount: 2 }

describe('a bank statement', () => {
	test('a malformed line is named and nothing of the file is kept', async () => {
		const before = (await db().select().from(bankLines)).length
		const result = await importBankStatement(
			services(),
			staff,
			statement(['24-11-2026;Indbetaling;1.000,00;5000', '25-11-2026;Indbetaling;1,000.00;6000']),
			LAYOUT,
		)
		expect(result).toEqual({ ok: false, problem: { line: 3, reason: 'amount' } })
		expect(await db().select().from(bankLines)).toHaveLength(before)
	})

	test('lines match by payment ID, number and amount; staff confirm; the same statement again adds nothing', async () => {
		const [byId, byNumber, byAmount, partly] = [
			await deliveredInvoice(2100),
			await deliveredInvoice(2200),
			await deliveredInvoice(2311),
			await deliveredInvoice(2400),
		]
		const money = (amount: number) => amount.toFixed(2).replace('.', ',')
		const bytes = statement([
			`24-11-2026;"FI ${fiPaymentId(byId.number)}";${money(byId.total)};1`,
			`24.11.2026;"Faktura ${byNumber.number}; tak";${money(byNumber.total)};2`,
			`2026-11-25;Overførsel fra kunde;${money(byAmount.total)};3`,
			`25/11/2026;"Fakt ${partly.number}
rate 1";500,00;4`,
			`25-11-2026;Husleje;-9.000,00;5`,
			`25-11-2026;Ukendt indbetaling;12,34;6`,
		])
		const first = await importBankStatement(services(), staff, bytes, LAYOUT)
		expect(first).toMatchObject({ ok: true, read: 6, added: 5, known: 0, outgoing: 1 })
		const again = await importBankStatement(services(), staff, bytes, LAYOUT)
		expect(again).toMatchObject({ ok: true, added: 0, known: 5 })
		// The columns are remembered for this bank's export, by its header.
		expect((await bankLayout(db())).byBank).toMatchObject({ 'dato|tekst|beløb|saldo': LAYOUT })

		const open = await openBankLines(db())
		const matchOf = (text: RegExp) => open.find((line) => text.test(line.text))!.match
		expect(matchOf(/^FI/)).toMatchObject({ number: byId.number, kind: 'payment-id' })
		expect(matchOf(/^Faktura/)).toMatchObject({ number: byNumber.number, kind: 'number-amount' })
		expect(matchOf(/^Overførsel/)).toMatchObject({ number: byAmount.number, kind: 'amount' })
		expect(matchOf(/^Fakt /)).toMatchObject({ number: partly.number, kind: 'number' })
		expect(matchOf(/^Ukendt/)).toBeNull()

		const confirmations = open
			.filter((line) => line.match)
			.map((line) => ({ lineId: line.id, invoiceNumber: line.match!.number, ignore: false }))
		const [one, two] = await Promise.all([
			confirmBankLines(services(), staff, confirmations),
			confirmBankLines(services(), staff, confirmations),
		])
		expect(one.registered + two.registered).toBe(4)
		expect(await statusOf(byId)).toBe('paid')
		expect(await statusOf(byNumber)).toBe('paid')
		expect(await statusOf(byAmount)).toBe('paid')
		expect(await statusOf(partly)).toBe('part_paid')
		expect((await openBankLines(db())).map((line) => line.text)).toEqual(['Ukendt indbetaling'])
	})
})

describe('a statement no bank should send', () => {
	const line = (n: number, text = `Indbetaling ${n}`) => `25-11-2026;"${text}";${n},00`
	test('a NUL or another control character in a line is dropped, and the rest read', async () => {
		const read = readBankCsv(statement([line(1, 'Faktura\u0000 77\u0001 tak'), line(2)]), LAYOUT)
		expect(read).toMatchObject({ ok: true, lines: [{ text: 'Faktura 77 tak' }, { text: 'Indbetaling 2' }] })
	})

	test('more lines than a month holds, a spreadsheet, and UTF-16 with its mark', () => {
		const many = Array.from({ length: BANK_CSV_MAX_LINES + 1 }, (_, n) => line(n + 1))
		expect(readBankCsv(statement(many), LAYOUT)).toMatchObject({ ok: false, problem: { reason: 'too-many' } })
		expect(readBankCsv(statement(many.slice(1)), LAYOUT)).toMatchObject({ ok: true })
		const zipped = new Uint8Array([0x50, 0x4b, 3, 4, ...new Uint8Array(200)])
		expect(readBankCsv(zipped, LAYOUT)).toMatchObject({ ok: false, problem: { reason: 'unreadable' } })
		const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${line(7, 'Overførsel')}\n`, 'utf16le')])
		expect(readBankCsv(utf16, LAYOUT)).toMatchObject({ ok: true, lines: [{ text: 'Overførsel', amount: 7 }] })
	})

	test('the open lines come a page at a time', async () => {
		const before = await countOpenBankLines(db())
		const lines = Array.from({ length: 230 }, (_, n) => line(9000 + n, `Side ${n}`))
		expect(await importBankStatement(services(), staff, statement(lines), LAYOUT)).toMatchObject({
			ok: true,
			added: 230,
		})
		expect(await countOpenBankLines(db())).toBe(before + 230)
		const pages = Math.ceil((before + 230) / BANK_PAGE_SIZE)
		expect(await openBankLines(db(), 1)).toHaveLength(BANK_PAGE_SIZE)
		expect(await openBankLines(db(), pages)).toHaveLength((before + 230) % BANK_PAGE_SIZE || BANK_PAGE_SIZE)
		expect(await openBankLines(db(), pages + 1)).toEqual([])
	})
})

describe('reminders', () => {
	test('after the grace days, at most three, 10 days apart, with the fee; paid stops them; paused holds them', async () => {
		await db().update(settings).set({ reminderGraceDays: 3, reminderFee: 100 }).where(eq(settings.id, 1))
		const invoice = await deliveredInvoice()
		const held = await deliveredInvoice()
		await db().update(invoices).set({ remindersPaused: true }).where(eq(invoices.id, held.id))
		const at = (days: number) => new Date(`${addCalendarDays(invoice.dueDate as CalendarDate, days)}T10:00:00Z`)
		const remindersFor = () => mails.filter((mail) => mail.subject.includes(`faktura ${invoice.number} `))
		mails.length = 0

		await sendDueReminders(services(), at(2))
		expect(remindersFor()).toHaveLength(0)
		await sendDueReminders(services(), at(3))
		await sendDueReminders(services(), at(3))
		expect(remindersFor()).toHaveLength(1)
		await sendDueReminders(services(), at(12))
		expect(remindersFor()).toHaveLength(1)
		await sendDueReminders(services(), at(13))
		await sendDueReminders(services(), at(23))
		await sendDueReminders(services(), at(60))
		const sent = remindersFor()
		expect(sent.map((mail) => mail.subject.slice(0, 9))).toEqual(['Rykker 1:', 'Rykker 2:', 'Rykker 3:'])
		expect(mails.some((mail) => mail.subject.includes(`faktura ${held.number} `))).toBe(false)
		expect(sent[2]!.attachments!.map((file) => file.filename)).toEqual([
			`faktura-${invoice.number}.pdf`,
			`rykker-${invoice.number}-3.pdf`,
		])
		const { text } = await extractPdf(sent[2]!.attachments![1]!.content as Uint8Array)
		expect(text).toContain(`Rykker 3 for faktura ${invoice.number}`)
		expect(text.replace(/\s+/g, ' ')).toMatch(/Gebyrer og renter fra tidligere rykkere 200,00 kr\./)

		const other = await deliveredInvoice()
		const otherAt = (days: number) => new Date(`${addCalendarDays(other.dueDate as CalendarDate, days)}T10:00:00Z`)
		await sendDueReminders(services(), otherAt(4))
		await pay(other)
		mails.length = 0
		await sendDueReminders(services(), otherAt(30))
		expect(mails.filter((mail) => mail.subject.includes(`faktura ${other.number} `))).toHaveLength(0)
	})
})

describe('what a reminder charges is owed', () => {
	// The statements of the tests above stay open otherwise, a page ahead of these lines.
	beforeEach(async () => void (await db().update(bankLines).set({ ignored: true })))
	test('the customer page, the bank matching and the invoice all count the fee; paying it all is paid, not overpaid', async () => {
		await db().update(settings).set({ reminderGraceDays: 3, reminderFee: 100 }).where(eq(settings.id, 1))
		const invoice = await deliveredInvoice(1500)
		const at = new Date(`${addCalendarDays(invoice.dueDate as CalendarDate, 3)}T10:00:00Z`)
		const today = todayInDenmark(at)
		mails.length = 0
		await sendDueReminders(services(), at)
		const owed = Math.round((invoice.total + 100) * 100) / 100
		const reminder = mails.find((mail) => mail.subject.includes(`faktura ${invoice.number} `))!
		expect(reminder.text).toContain(formatPrice(owed, 'DKK', 'da'))
		expect((await reload(invoice)).charges).toBe(100)

		const page = await invoiceForCustomer(db(), invoice.orderId, today)
		expect(page).toMatchObject({ status: 'overdue', outstanding: owed, charges: 100 })
		expect((await statusOf(invoice, today)) ?? '').toBe('overdue')

		const amount = owed.toFixed(2).replace('.', ',')
		await importBankStatement(services(), staff, statement([`${today};Betaling ${invoice.number};${amount};0`]), LAYOUT)
		const open = await openBankLines(db())
		const line = open.find((row) => row.text === `Betaling ${invoice.number}`)!
		expect(line.match).toMatchObject({ number: invoice.number, kind: 'number-amount', outstanding: owed })
		await confirmBankLines(services(), staff, [{ lineId: line.id, invoiceNumber: invoice.number, ignore: false }])

		expect(await statusOf(invoice, today)).toBe('paid')
		// The search finds every invoice whose text holds the number's digits (a random order reference
		// may): the one meant is picked by its id, as statusOf does.
		const listed = (
			await listInvoices(db(), readInvoiceFilter(new URL(`http://x/?q=${invoice.number}`)), 1, today)
		).invoices.find((row) => row.id === invoice.id)
		expect(listed).toMatchObject({ outstanding: 0, overpaid: 0, charges: 100 })
		expect(await invoiceForCustomer(db(), invoice.orderId, today)).toMatchObject({ status: 'paid', outstanding: 0 })
		mails.length = 0
		await sendDueReminders(services(), new Date(`${addCalendarDays(today, 20)}T10:00:00Z`))
		expect(mails.filter((mail) => mail.subject.includes(`faktura ${invoice.number} `))).toHaveLength(0)
	})

	test('a bank line of the amount with the fee, and no reference, finds the one invoice that owes it', async () => {
		await db().update(settings).set({ reminderGraceDays: 3, reminderFee: 100 }).where(eq(settings.id, 1))
		const invoice = await deliveredInvoice(1733)
		const at = new Date(`${addCalendarDays(invoice.dueDate as CalendarDate, 3)}T10:00:00Z`)
		await sendDueReminders(services(), at)
		const owed = Math.round((invoice.total + 100) * 100) / 100
		const today = todayInDenmark(at)
		const text = 'Overførsel fra kunde, gebyr medregnet'
		await importBankStatement(
			services(),
			staff,
			statement([`${today};${text};${owed.toFixed(2).replace('.', ',')};0`]),
			LAYOUT,
		)
		const line = (await openBankLines(db())).find((row) => row.text === text)!
		expect(line.match).toMatchObject({ invoiceId: invoice.id, kind: 'amount' })
	})
})
