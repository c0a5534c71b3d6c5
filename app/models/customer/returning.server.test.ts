import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { unzipSync, strFromU8 } from 'fflate'
import { documents, orderEvents, orderFiles, orders } from '#database/schema.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { accountInvoices, accountOrders, accountQuotes, type Access } from '#app/models/customer/records.server.ts'
import { setOrderReferences } from '#app/models/customer/order-references.server.ts'
import { deliveredEntries, uniqueNames, zipStream } from '#app/models/order/zip.server.ts'
import { acceptFields, inProgressWithFile, savedQuote, setupOrderTests } from '#tests/setup/orders.ts'

const { db, services, staff } = setupOrderTests()
const access = (email: string): Access => ({ customerId: 0, email, companyId: null })

// An order accepted with this e-mail for a company, with its PO, in progress with a file.
async function companyOrder(email: string, values: Record<string, string> = {}) {
	const { quoteId } = await savedQuote(db())
	const accepted = await acceptQuote(services(), quoteId, acceptFields({ email, ...values }), 'da')
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	const order = await inProgressWithFile(services(), staff, accepted.token)
	const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
	await db()
		.update(orders)
		.set({ customer: { ...row!.customer, kind: 'company', companyCvr: 12345678, companyName: 'Nordlys ApS' } })
		.where(eq(orders.id, order.id))
	return { ...order, quoteId }
}

const store = { fetch: async () => true }

async function readAll(stream: ReadableStream<Uint8Array>) {
	const chunks: Uint8Array[] = []
	for await (const chunk of stream) chunks.push(chunk)
	return Buffer.concat(chunks)
}

describe('an account’s lists a customer can recognise', () => {
	test('orders show pair, company, PO and cost centre, and are found by any of them or a document’s name', async () => {
		const email = 'finder@example.dk'
		const first = await companyOrder(email, { purchase_order: 'PO-7781', cost_centre: 'CC-Marketing' })
		const second = await companyOrder(email, { purchase_order: 'PO-1200' })
		const list = await accountOrders(db(), access(email))
		const row = list.rows.find((order) => order.reference === first.reference)!
		expect(row).toMatchObject({
			company: 'Nordlys ApS',
			purchaseOrder: 'PO-7781',
			costCentre: 'CC-Marketing',
			canSetReferences: true,
		})
		expect(row.pair).toMatchObject({ fromDa: expect.any(String), toEn: expect.any(String) })
		const found = async (q: string, state = '') =>
			(await accountOrders(db(), access(email), 1, { q, state })).rows.map((order) => order.reference)
		expect(await found('po-7781')).toEqual([first.reference])
		expect(await found('marketing')).toEqual([first.reference])
		expect(await found(second.reference)).toEqual([second.reference])
		const [document] = await db().select().from(documents).where(eq(documents.orderId, first.id))
		expect(await found(document!.name.slice(0, 6))).toContain(first.reference)
		expect((await found('PO-')).sort()).toEqual([first.reference, second.reference].sort())
		// LIKE's wildcards are the characters they are.
		expect(await found('%')).toEqual([])
		expect((await found('', 'open')).sort()).toEqual([first.reference, second.reference].sort())
		expect(await found('', 'delivered')).toEqual([])
		// Another account finds none of them, whatever it searches.
		expect((await accountOrders(db(), access('other@example.dk'), 1, { q: 'PO-7781', state: '' })).rows).toEqual([])
	})

	test('a quote is named by its first document; quotes and invoices are searched and filtered', async () => {
		const email = 'quotes@example.dk'
		const order = await companyOrder(email, { purchase_order: 'PO-INV-1' })
		const quotes = await accountQuotes(db(), access(email))
		const quote = quotes.rows.find((row) => row.id === order.quoteId)!
		expect(quote.firstDocument).toMatch(/\.\w+$/)
		expect((await accountQuotes(db(), access(email), 1, { q: quote.firstDocument!, state: 'ordered' })).total).toBe(1)
		expect((await accountQuotes(db(), access(email), 1, { q: quote.firstDocument!, state: 'expired' })).total).toBe(0)
		expect((await accountQuotes(db(), access(email), 1, { q: 'no-such-document', state: '' })).total).toBe(0)

		await changeOrderStatus(services(), staff, order.id, 'delivered')
		const invoices = await accountInvoices(db(), access(email), 1, { q: 'po-inv', state: 'unpaid' })
		expect(invoices.rows.map((row) => [row.orderReference, row.purchaseOrder])).toEqual([[order.reference, 'PO-INV-1']])
		expect((await accountInvoices(db(), access(email), 1, { q: '', state: 'paid' })).total).toBe(0)
	})
})

describe('an order’s PO and cost centre', () => {
	test('a company customer sets them until the order is invoiced; the order’s history says who', async () => {
		const email = 'po@example.dk'
		const order = await companyOrder(email)
		const fields = { purchase_order: 'PO-42', cost_centre: 'Afd. 7' }
		expect(await setOrderReferences(services(), access('someone@else.dk'), order.id, fields)).toEqual({
			ok: false,
			reason: 'not-found',
		})
		const tooLong = await setOrderReferences(services(), access(email), order.id, {
			...fields,
			cost_centre: 'x'.repeat(61),
		})
		expect(tooLong).toMatchObject({ ok: false, reason: 'invalid', errors: { cost_centre: 'too-long' } })
		expect(await setOrderReferences(services(), access(email), order.id, fields)).toEqual({ ok: true })
		const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(row!.customer).toMatchObject({ purchaseOrder: 'PO-42', costCentre: 'Afd. 7' })
		const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
		expect(events.map((event) => event.body)).toContain('po@example.dk: PO PO-42 · omkostningssted Afd. 7')

		await changeOrderStatus(services(), staff, order.id, 'delivered')
		expect(
			await setOrderReferences(services(), access(email), order.id, { ...fields, purchase_order: 'PO-43' }),
		).toEqual({
			ok: false,
			reason: 'invoiced',
		})
		const listed = (await accountOrders(db(), access(email))).rows.find((r) => r.reference === order.reference)!
		expect(listed).toMatchObject({ purchaseOrder: 'PO-42', canSetReferences: false })
	})

	test('a private person’s order has none to set', async () => {
		const { quoteId } = await savedQuote(db())
		const accepted = await acceptQuote(services(), quoteId, acceptFields({ email: 'private@example.dk' }), 'da')
		if (!accepted.ok) throw new Error('not accepted')
		const [row] = await db().select().from(orders).where(eq(orders.token, accepted.token))
		expect(
			await setOrderReferences(services(), access('private@example.dk'), row!.id, {
				purchase_order: 'X',
				cost_centre: '',
			}),
		).toEqual({ ok: false, reason: 'not-found' })
	})
})

describe('the whole delivery in one ZIP', () => {
	test('holds exactly the files the customer has, under their delivered names, and streams them back intact', async () => {
		const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-zip-'))
		const deliveries = path.join(documentsDir, 'deliveries')
		mkdirSync(deliveries, { recursive: true })
		const order = await companyOrder('zip@example.dk')
		await db().delete(orderFiles).where(eq(orderFiles.orderId, order.id))
		const big = Buffer.alloc(700 * 1024, 7)
		const files = [
			{ name: 'kontrakt.en.docx', body: 'contract', deliveredAt: new Date() },
			{ name: 'bilag.en.pdf', body: big, deliveredAt: new Date() },
			{ name: 'Kontrakt.en.docx', body: 'same name, other case', deliveredAt: new Date() },
			// Not (yet) the customer's: waiting for the next delivery, and withdrawn.
			{ name: 'next.en.docx', body: 'waiting', deliveredAt: null },
			{ name: 'wrong.en.docx', body: 'withdrawn', deliveredAt: new Date(), withdrawnAt: new Date() },
		]
		for (const { body, ...columns } of files) {
			const storedName = `${randomUUID()}.bin`
			writeFileSync(path.join(deliveries, storedName), body)
			await db()
				.insert(orderFiles)
				.values({ orderId: order.id, type: 'docx', size: 1, storedName, ...columns })
		}
		const entries = await deliveredEntries(db(), documentsDir, order.id)
		const names = ['bilag.en.pdf', 'Kontrakt.en.docx', 'kontrakt.en (2).docx']
		expect(entries.map((entry) => entry.name)).toEqual(names)
		const unpacked = unzipSync(new Uint8Array(await readAll(zipStream(store, entries))))
		expect(Object.keys(unpacked)).toEqual(names)
		expect(strFromU8(unpacked['kontrakt.en (2).docx']!)).toBe('contract')
		expect(Buffer.from(unpacked['bilag.en.pdf']!).equals(big)).toBe(true)

		await changeOrderStatus(services(), staff, order.id, 'cancelled')
		expect(await deliveredEntries(db(), documentsDir, order.id)).toEqual([])
	})

	test('a name cannot climb out of the folder it is unpacked in', () => {
		const entry = (name: string) => ({ id: name, name, file: '', modified: new Date() })
		expect(uniqueNames([entry('../../etc/passwd'), entry('a\\b.txt'), entry('')]).map((e) => e.name)).toEqual([
			'__.._etc_passwd',
			'a_b.txt',
			'file',
		])
	})
})
