import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { SaxesParser } from 'saxes'
import { describe, expect, test } from 'vitest'
import { onDisk } from '#app/models/files/store.server.ts'
import { companies, documents, orderEvents, orderFiles, orders, quotes } from '#database/schema.ts'
import { addCalendarDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { invoiceXml } from '#app/models/invoice/invoice.server.ts'
import { renderInvoicePdf } from '#app/models/invoice/pdf.server.ts'
import { extractPdf } from '#app/models/wordcount/formats/pdf.server.ts'
import { acceptQuote, QuoteNotAcceptable } from '#app/models/order/accept.server.ts'
import { changeOrderStatus, type OrderRefused } from '#app/models/order/lifecycle.server.ts'
import { deleteExpiredDeliveries, deliveriesDirOf, findOrderForCustomer } from '#app/models/order/order.server.ts'
import {
	acceptFields,
	deliverableOrder,
	inProgressWithFile,
	savedQuote as savedQuoteIn,
	setupOrderTests,
} from '#tests/setup/orders.ts'

// From a saved quote to an order, its delivery, invoice and credit note: the models as a route
// calls them, on a real database.
const { db, mails, services, staff } = setupOrderTests()

const accept = acceptFields
const savedQuote = (words?: number) => savedQuoteIn(db(), words)
const deliverable = (words?: number) => deliverableOrder(services(), staff, words)

describe('accepting a quote', () => {
	test('makes an order with the prices frozen, keeps its documents, and mails both sides; a second accept gives the same order', async () => {
		const { quoteId, documentId } = await savedQuote()
		mails.length = 0
		const first = await acceptQuote(services(), quoteId, accept({ purchase_order: 'PO-77' }), 'da')
		const again = await acceptQuote(services(), quoteId, accept(), 'da')
		expect(first.ok && again.ok && again.token === first.token && again.isNew === false).toBe(true)
		if (!first.ok) return
		expect(first.token).toMatch(/^[\w-]{32}$/)
		const [order] = await db().select().from(orders).where(eq(orders.token, first.token))
		expect(order).toMatchObject({
			status: 'received',
			fromLanguage: 'da',
			toLanguage: 'en',
			customer: { name: 'Ida Holm', kind: 'private', purchaseOrder: 'PO-77' },
		})
		expect(order!.terms.title).toBe('Handelsbetingelser')
		expect(order!.terms.sha256).toMatch(/^[0-9a-f]{64}$/)
		const [document] = await db().select().from(documents).where(eq(documents.id, documentId))
		expect(document!.orderId).toBe(order!.id)
		expect(mails.map((mail) => mail.to)).toEqual(['ida@example.dk', 'kontakt@tolk.example'])
		expect(mails[0]!.subject).toBe(`Ordre ${order!.reference} er bekræftet`)
		expect(mails[0]!.text).toContain(`/ordre/${order!.token}`)
	})

	test('an expired quote cannot be accepted', async () => {
		const { quoteId } = await savedQuote()
		await db()
			.update(quotes)
			.set({ validUntil: addCalendarDays(todayInDenmark(), -1) })
			.where(eq(quotes.id, quoteId))
		const refusal = await acceptQuote(services(), quoteId, accept(), 'da').catch((error: unknown) => error)
		expect(refusal).toBeInstanceOf(QuoteNotAcceptable)
		expect((refusal as QuoteNotAcceptable).reason).toBe('expired')
		expect(await db().select().from(orders).where(eq(orders.quoteId, quoteId))).toHaveLength(0)
	})

	test('a company needs a company from the registry, and the terms must be accepted', async () => {
		const { quoteId } = await savedQuote()
		const result = await acceptQuote(
			services(),
			quoteId,
			accept({ customer_kind: 'company', company_query: 'No Such Company ApS', terms: '' }),
			'da',
		)
		expect(result).toEqual({ ok: false, errors: { terms: 'terms' } })
		const company = await acceptQuote(
			services(),
			quoteId,
			accept({ customer_kind: 'company', company_query: 'No Such Company ApS' }),
			'da',
		)
		expect(company).toEqual({ ok: false, errors: { company_query: 'company' } })
	})
})

describe('delivering an order', () => {
	test('needs a translated file; then issues the invoice on the quoted prices, and a cancel issues a credit note', async () => {
		const { quoteId } = await savedQuote()
		const accepted = await acceptQuote(services(), quoteId, accept(), 'en')
		if (!accepted.ok) throw new Error('refused')
		const [order] = await db().select().from(orders).where(eq(orders.token, accepted.token))
		await changeOrderStatus(services(), staff, order!.id, 'in_progress')
		const refused = await changeOrderStatus(services(), staff, order!.id, 'delivered').catch((error: unknown) => error)
		expect((refused as OrderRefused).reason).toBe('no-files')

		await db()
			.insert(orderFiles)
			.values({ orderId: order!.id, name: 'contract.docx', type: 'docx', size: 10, storedName: `${randomUUID()}.docx` })
		mails.length = 0
		const { invoice } = await changeOrderStatus(services(), staff, order!.id, 'delivered')
		const [quote] = await db().select().from(quotes).where(eq(quotes.id, quoteId))
		const quoted = (quote!.details as { quote: { total: number; vat: number; totalWithVat: number } }).quote
		expect(invoice).toMatchObject({
			kind: 'invoice',
			net: quoted.total,
			vat: quoted.vat,
			total: quoted.totalWithVat,
			vatPercent: 25,
			locale: 'en',
		})
		expect(invoice!.dueDate).toBe(addCalendarDays(invoice!.issueDate, 8))
		expect(invoice!.lines.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(quoted.total, 2)
		// One mail for the delivery, the invoice attached to it.
		expect(mails.map((mail) => mail.subject)).toEqual([`Your translation is ready (${order!.reference})`])
		expect(mails[0]!.text).toContain('The invoice for your order is attached as a PDF.')
		expect(mails[0]!.attachments?.[0]).toMatchObject({
			filename: `invoice-${invoice!.number}.pdf`,
			contentType: 'application/pdf',
		})

		const { credit } = await changeOrderStatus(services(), staff, order!.id, 'cancelled', 'The customer withdrew')
		expect(credit).toMatchObject({ kind: 'credit_note', creditsInvoiceId: invoice!.id, total: invoice!.total })
		const history = await db()
			.select()
			.from(orderEvents)
			.where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.kind, 'status')))
		expect(history.map((event) => event.status)).toEqual(['received', 'in_progress', 'delivered', 'cancelled'])
		const refusedAgain = await changeOrderStatus(services(), staff, order!.id, 'in_progress').catch(
			(error: unknown) => error,
		)
		expect((refusedAgain as OrderRefused).reason).toBe('transition')
	})

	test('invoice numbers have no gaps when 50 orders are delivered at once', async () => {
		const ready = []
		for (let index = 0; index < 50; index++) ready.push(await deliverable(100 + index))
		const results = await Promise.all(ready.map((order) => changeOrderStatus(services(), staff, order.id, 'delivered')))
		const numbers = results.map((result) => result.invoice!.number).sort((a, b) => a - b)
		const first = numbers[0]!
		expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => first + index))
	})
})

// The XML as a tree of elements, by local name.
type Element = { name: string; attributes: Record<string, string>; children: Element[]; text: string }
function parseXml(xml: string): Element {
	const parser = new SaxesParser({ xmlns: true })
	const root: Element = { name: '#document', attributes: {}, children: [], text: '' }
	const stack = [root]
	parser.on('opentag', (tag) => {
		const element: Element = {
			name: tag.local!,
			attributes: Object.fromEntries(
				Object.values(tag.attributes).map((attribute) => [attribute.local, attribute.value]),
			),
			children: [],
			text: '',
		}
		stack.at(-1)!.children.push(element)
		stack.push(element)
	})
	parser.on('text', (text) => void (stack.at(-1)!.text += text))
	parser.on('closetag', () => void stack.pop())
	parser.write(xml).close()
	return root.children[0]!
}
const child = (element: Element, ...path: string[]): Element =>
	path.reduce((at, name) => at.children.find((next) => next.name === name)!, element)
const all = (element: Element, name: string) => element.children.filter((next) => next.name === name)

// A public body (in the registry as given) orders `words` words with its EAN and reference; the
// order is delivered and its invoice returned.
async function publicBodyInvoice(words: number, company: { cvr: number; name: string }, purchaseOrder: string) {
	const { quoteId } = await savedQuote(words)
	await db()
		.insert(companies)
		.values({
			...company,
			searchName: company.name.toLowerCase(),
			street: 'Rådhuspladsen 1',
			postcode: '1550',
			city: '1550 København V',
			isActive: true,
		})
	const accepted = await acceptQuote(
		services(),
		quoteId,
		accept({
			customer_kind: 'company',
			company_cvr: String(company.cvr),
			ean: '5798000416604',
			purchase_order: purchaseOrder,
			buyer_reference: 'Lene Sørensen',
		}),
		'da',
	)
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	const order = await inProgressWithFile(services(), staff, accepted.token)
	return (await changeOrderStatus(services(), staff, order.id, 'delivered')).invoice
}

describe('the OIOUBL invoice for a public body', () => {
	test('an order with an EAN needs the order or requisition number and the person reference', async () => {
		const { quoteId } = await savedQuote()
		const cvr = 32000002
		await db().insert(companies).values({ cvr, name: 'Kommunen', searchName: 'kommunen', isActive: true })
		const fields = { customer_kind: 'company', company_cvr: String(cvr), ean: '5798000416604' }
		const refused = await acceptQuote(services(), quoteId, accept(fields), 'da')
		expect(refused).toEqual({
			ok: false,
			errors: { purchase_order: 'ean-order', buyer_reference: 'ean-reference' },
		})
		const accepted = await acceptQuote(
			services(),
			quoteId,
			accept({ ...fields, purchase_order: 'IND-7', buyer_reference: 'Lene Sørensen' }),
			'da',
		)
		expect(accepted.ok).toBe(true)
	})

	test('names the EAN as the buyer endpoint, carries the OIOUBL ids, and its totals add up to the øre', async () => {
		const invoice = await publicBodyInvoice(3333, { cvr: 29189846, name: 'Testkommune' }, 'IND-2026-19')

		const xml = parseXml(await invoiceXml(db(), invoice!))
		expect(xml.name).toBe('Invoice')
		expect(child(xml, 'CustomizationID').text).toBe('OIOUBL-2.1')
		expect(child(xml, 'ProfileID').attributes).toEqual({
			schemeAgencyID: '320',
			schemeID: 'urn:oioubl:id:profileid-1.2',
		})
		expect(child(xml, 'ID').text).toBe(String(invoice!.number))
		const endpoint = child(xml, 'AccountingCustomerParty', 'Party', 'EndpointID')
		expect(endpoint.text).toBe('5798000416604')
		expect(endpoint.attributes).toEqual({ schemeAgencyID: '9', schemeID: 'GLN' })
		expect(child(xml, 'AccountingSupplierParty', 'Party', 'EndpointID').text).toBe('DK12345674')

		const money = (element: Element) => Math.round(Number(element.text) * 100)
		const lines = all(xml, 'InvoiceLine')
		const lineSum = lines.reduce((sum, line) => sum + money(child(line, 'LineExtensionAmount')), 0)
		const totals = child(xml, 'LegalMonetaryTotal')
		expect(money(child(totals, 'LineExtensionAmount'))).toBe(lineSum)
		const tax = money(child(xml, 'TaxTotal', 'TaxAmount'))
		expect(tax).toBe(Math.round((lineSum * 25) / 100))
		expect(money(child(totals, 'TaxInclusiveAmount'))).toBe(lineSum + tax)
		expect(money(child(totals, 'PayableAmount'))).toBe(Math.round(invoice!.total * 100))
		expect(child(xml, 'TaxTotal', 'TaxSubtotal', 'TaxCategory', 'Percent').text).toBe('25')
		for (const line of lines) expect(child(line, 'LineExtensionAmount').attributes.currencyID).toBe('DKK')
	})
})

describe('text an invoice cannot carry', () => {
	test('control characters in a purchase order and a registry name leave the XML well-formed and print nothing', async () => {
		// As an old registry import or a script could have stored it, past the cleaning on import.
		const invoice = await publicBodyInvoice(
			1200,
			{ cvr: 10150817, name: 'Styrelsen\u0001 for\u000b Data\u001f' },
			'PO\u0001-\u000b42\u001f\u202e',
		)

		// saxes is strict XML 1.0: it throws on a character XML cannot hold.
		const xml = parseXml(await invoiceXml(db(), invoice!))
		expect(child(xml, 'AccountingCustomerParty', 'Party', 'PartyName', 'Name').text).toBe('Styrelsen for Data')
		expect(child(xml, 'OrderReference', 'ID').text).toBe('PO-42')
		const { text } = await extractPdf(await renderInvoicePdf(invoice!))
		expect(text).toContain('Styrelsen for Data')
		expect(text).not.toContain('?')
	})
})

describe('delivered files', () => {
	test('go from the disk and the order page once the retention period after delivery has passed', async () => {
		const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-deliveries-'))
		const order = await deliverable()
		const storedName = `${randomUUID()}.txt`
		mkdirSync(deliveriesDirOf(documentsDir), { recursive: true })
		writeFileSync(path.join(deliveriesDirOf(documentsDir), storedName), 'Oversættelsen')
		await db().update(orderFiles).set({ storedName }).where(eq(orderFiles.orderId, order.id))
		await changeOrderStatus(services(), staff, order.id, 'delivered')
		expect((await findOrderForCustomer(db(), order.token))!.files).toHaveLength(1)

		expect(
			await deleteExpiredDeliveries(db(), { documentsDir, files: onDisk }, new Date(Date.now() + 89 * 86_400_000)),
		).toBe(0)
		// The other orders this file delivered go too.
		expect(
			await deleteExpiredDeliveries(db(), { documentsDir, files: onDisk }, new Date(Date.now() + 91 * 86_400_000)),
		).toBeGreaterThanOrEqual(1)
		const after = await findOrderForCustomer(db(), order.token)
		expect(after).toMatchObject({ files: [], filesDeleted: true })
		expect(existsSync(path.join(deliveriesDirOf(documentsDir), storedName))).toBe(false)
		rmSync(documentsDir, { recursive: true, force: true })
	})
})
