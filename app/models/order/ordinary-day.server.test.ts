import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { auditEvents, documents, orderFiles, orders, requests } from '#database/schema.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { addOrderNote, changeOrderStatus, type OrderRefused } from '#app/models/order/lifecycle.server.ts'
import { deliveriesDirOf, findOrderForCustomer } from '#app/models/order/order.server.ts'
import { takeOrderDocument, takeOrderTranslation, takeRequestDocument } from '#app/models/order/staff-files.server.ts'
import { htmlToText } from '#app/models/order/confirmation.server.ts'
import { acceptFields, deliverableOrder, savedQuote, setupOrderTests } from '#tests/setup/orders.ts'

// What a project manager does with an order on an ordinary day, and what the customer hears of it.
const { db, mails, services, staff } = setupOrderTests()

async function lastAudit() {
	const [event] = await db().select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1)
	return event
}

describe("staff take an order's files", () => {
	test("the customer's document and the translation are theirs to download, each download logged; another order's are not", async () => {
		const order = await deliverableOrder(services(), staff)
		const other = await deliverableOrder(services(), staff)
		const [document] = await db().select().from(documents).where(eq(documents.orderId, order.id))
		const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-staff-files-'))
		const withFiles = { ...services(), documentsDir }
		writeFileSync(path.join(documentsDir, document!.storedName), 'the source')

		const taken = await takeOrderDocument(withFiles, staff, order.id, document!.id)
		expect(taken).toEqual({ file: path.join(documentsDir, document!.storedName), name: document!.name })
		expect(await lastAudit()).toMatchObject({
			action: 'download',
			subjectType: 'order',
			subjectId: String(order.id),
			userName: staff.name,
			summary: `Order ${order.reference}: downloaded ${document!.name}`,
		})
		expect(await takeOrderDocument(withFiles, staff, other.id, document!.id)).toBeNull()
		expect(await takeOrderDocument(withFiles, staff, order.id, '../../etc/passwd')).toBeNull()

		const [file] = await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
		expect(await takeOrderTranslation(withFiles, staff, order.id, file!.id)).toEqual({
			file: path.join(deliveriesDirOf(documentsDir), file!.storedName),
			name: 'contract.docx',
		})
		expect((await lastAudit())!.summary).toBe(`Order ${order.reference}: downloaded translation contract.docx`)
		expect(await takeOrderTranslation(withFiles, staff, other.id, file!.id)).toBeNull()

		// A request's document the same way; not through another request's address.
		const [request] = await db()
			.insert(requests)
			.values({
				reference: 'DL-1',
				locale: 'da',
				name: 'Ida',
				email: 'ida@example.dk',
				ipHash: 'x',
				fingerprint: 'dl-1',
			})
			.returning()
		await db().update(documents).set({ requestId: request!.id }).where(eq(documents.id, document!.id))
		expect(await takeRequestDocument(withFiles, staff, request!.id, document!.id)).toMatchObject({
			name: document!.name,
		})
		expect(await lastAudit()).toMatchObject({
			action: 'download',
			subjectType: 'request',
			subjectId: String(request!.id),
			summary: `Request DL-1: downloaded ${document!.name}`,
		})
		expect(await takeRequestDocument(withFiles, staff, request!.id + 1, document!.id)).toBeNull()
	})
})

describe('the customer hears of every step', () => {
	test("a status change with a message is on the customer's page and in their mail; a public note is mailed, an internal one is not", async () => {
		const order = await deliverableOrder(services(), staff)
		mails.length = 0
		await changeOrderStatus(services(), staff, order.id, 'received', 'We wait for your glossary', 'in_progress')
		expect(mails).toHaveLength(1)
		expect(mails[0]).toMatchObject({ to: 'ida@example.dk', subject: `Nyt om din ordre ${order.reference}` })
		expect(mails[0]!.text).toContain('Status: Modtaget')
		expect(mails[0]!.text).toContain('Besked fra os:\nWe wait for your glossary')
		const seen = await findOrderForCustomer(db(), order.token)
		expect(seen!.history.at(-1)).toMatchObject({
			kind: 'status',
			status: 'received',
			body: 'We wait for your glossary',
		})

		await addOrderNote(services(), staff, order.id, 'Kept for staff', true)
		expect(mails).toHaveLength(1)
		await addOrderNote(services(), staff, order.id, 'The glossary arrived, thank you', false)
		expect(mails).toHaveLength(2)
		expect(mails[1]!.text).toContain('The glossary arrived, thank you')
		expect(mails[1]!.text).not.toContain('Status:')
		const history = (await findOrderForCustomer(db(), order.token))!.history.map((event) => event.body)
		expect(history).toContain('The glossary arrived, thank you')
		expect(history).not.toContain('Kept for staff')
	})

	test('a form shown before someone else changed the status does not overrule them', async () => {
		const order = await deliverableOrder(services(), staff)
		await changeOrderStatus(services(), staff, order.id, 'received', '', 'in_progress')
		const stale = await changeOrderStatus(services(), staff, order.id, 'cancelled', '', 'in_progress').catch(
			(error: unknown) => error,
		)
		expect((stale as OrderRefused).reason).toBe('stale')
		const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(row!.status).toBe('received')
	})

	test('cancelling a delivered order mails the customer that it is cancelled and credited', async () => {
		const order = await deliverableOrder(services(), staff)
		await changeOrderStatus(services(), staff, order.id, 'delivered')
		mails.length = 0
		const { credit } = await changeOrderStatus(services(), staff, order.id, 'cancelled', 'As agreed on the phone')
		expect(credit).not.toBeNull()
		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain('Status: Annulleret')
		expect(mails[0]!.text).toContain('kreditnota')
		expect(mails[0]!.text).toContain('As agreed on the phone')
	})
})

describe('the order confirmation', () => {
	test('carries the key terms in writing and the terms of business in full, and says work starts when the page says', async () => {
		const { quoteId } = await savedQuote(db(), 1234)
		mails.length = 0
		const accepted = await acceptQuote(services(), quoteId, acceptFields(), 'en')
		if (!accepted.ok) throw new Error('refused')
		const [order] = await db().select().from(orders).where(eq(orders.token, accepted.token))
		const text = mails[0]!.text
		expect(text).toContain('What you ordered:')
		expect(text).toMatch(/- .+ \(1,234 words\)/)
		expect(text).toMatch(/Languages: \S+ → \S+/)
		expect(text).toMatch(/Price: DKK\s[\d,.]+ excl\. VAT, VAT DKK\s[\d,.]+, DKK\s[\d,.]+ incl\. VAT/)
		expect(text).toMatch(/Delivery by: \d+ \w+ \d{4}/)
		expect(text).toContain('We start on the first working day.')
		expect(text).not.toContain('straight away')
		expect(text).toContain(`(version ${order!.terms.sha256.slice(0, 12)})`)
		const terms = mails[0]!.attachments!.find((attachment) => attachment.contentType.startsWith('text/plain'))!
		expect(terms.filename).toBe(`terms-of-business-${order!.reference}.txt`)
		const body = Buffer.from(terms.content).toString('utf8')
		expect(body).toBe(`${order!.terms.title}\n\n${htmlToText(order!.terms.body)}\n`)
		expect(body).not.toMatch(/<[a-z]/)
		expect(htmlToText(order!.terms.body).length).toBeGreaterThan(40)
		// The agency's mail links each document for staff.
		expect(mails[1]!.text).toMatch(/\/admin\/orders\/\d+\/documents\/[0-9a-f-]{36}/)
	})

	test('rich text becomes plain lines: paragraphs, list items and entities', () => {
		expect(htmlToText('<h2>Pay</h2><p>Within&nbsp;8 days &amp; no fee.</p><ul><li>One</li><li>Two</li></ul>')).toBe(
			'Pay\nWithin 8 days & no fee.\n\n- One\n- Two',
		)
	})
})

describe('a business in another EU country', () => {
	test('orders with a VAT number that passes its check digits and is invoiced without VAT (reverse charge)', async () => {
		const { quoteId } = await savedQuote(db())
		const foreign = (values: Record<string, string>) =>
			acceptQuote(
				services(),
				quoteId,
				acceptFields({
					foreign: 'on',
					foreign_name: 'Müller & Söhne GmbH',
					foreign_address: 'Hauptstr. 1, 10115 Berlin, Deutschland',
					...values,
				}),
				'en',
			)
		expect(await foreign({ vat_number: 'DE136695977' })).toEqual({ ok: false, errors: { vat_number: 'vat-number' } })
		expect(await foreign({ vat_number: 'DK13585628' })).toEqual({ ok: false, errors: { vat_number: 'vat-danish' } })
		expect(await foreign({ vat_number: 'DE136695976', foreign_address: '' })).toEqual({
			ok: false,
			errors: { foreign_address: 'required' },
		})
		mails.length = 0
		const accepted = await foreign({ vat_number: 'de 136 695 976' })
		if (!accepted.ok) throw new Error(JSON.stringify(accepted))
		const [order] = await db().select().from(orders).where(eq(orders.token, accepted.token))
		expect(order!.customer).toMatchObject({
			kind: 'foreign',
			vatNumber: 'DE136695976',
			country: 'DE',
			companyCvr: null,
		})
		expect(mails[0]!.text).toContain('invoiced without Danish VAT to VAT number DE136695976 (reverse charge)')

		await db()
			.insert(orderFiles)
			.values({ orderId: order!.id, name: 'vertrag.docx', type: 'docx', size: 10, storedName: 'x.docx' })
		await changeOrderStatus(services(), staff, order!.id, 'in_progress')
		const { invoice } = await changeOrderStatus(services(), staff, order!.id, 'delivered')
		expect(invoice).toMatchObject({ vatPercent: 0, vat: 0 })
		expect(invoice!.total).toBe(invoice!.net)
		expect(invoice!.buyer).toMatchObject({ name: 'Müller & Söhne GmbH', vatNumber: 'DE136695976', cvr: null })
		const { extractText, getDocumentProxy } = await import('unpdf')
		const { renderInvoicePdf } = await import('#app/models/invoice/pdf.server.ts')
		const pdf = await renderInvoicePdf(invoice!)
		const { text } = await extractText(await getDocumentProxy(pdf, { verbosity: 0 }), { mergePages: true })
		expect(text).toContain('VAT no. DE136695976')
		expect(text).toContain('Reverse charge')
	})
})
