import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { companies, settings } from '#database/schema.ts'
import { earliestDeliveryDate } from '#app/models/quote/rules.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { cvrCheckDigit } from '#app/models/company/cvr.ts'
import { invoiceXml, type Invoice } from '#app/models/invoice/invoice.server.ts'
import { issuePartialCredit } from '#app/models/invoice/credit.server.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { saveQuote, type QuoteChoices } from '#app/models/quote/quote.server.ts'
import { acceptFields, countedDocument, inProgressWithFile, setupOrderTests } from '#tests/setup/orders.ts'
import { validateOioubl } from '#tests/setup/oioubl.ts'

// Every shape of invoice the site issues to a public body, and the credit note of each, made the
// way the site makes them (a saved quote, an accepted order, a delivery, a cancel) and checked by
// NemHandel's own validator: the UBL 2.1 schema and the official OIOUBL schematron.
const { db, services, staff } = setupOrderTests()

type Shape = {
	name: string
	documents: { words: number; repeated?: number }[]
	choices?: Partial<QuoteChoices>
	company?: string
	purchaseOrder?: string
	buyerReference?: string
	// What the shape is about, seen on the invoice.
	shows: (invoice: Invoice) => boolean
}

const DANISH = 'Æblegården & Søn <Øst> "Nord" ApS'
const LONG = `REK-${'7'.repeat(56)}`
const SHAPES: Shape[] = [
	{ name: 'one document, CVR and EAN', documents: [{ words: 2000 }], shows: (i) => i.lines.length === 1 },
	{
		name: 'several documents with repetitions',
		documents: [{ words: 1800, repeated: 600 }, { words: 950 }, { words: 3100, repeated: 40 }],
		shows: (i) => i.lines.length === 3 && /gentag/.test(i.lines[0]!.description),
	},
	{
		name: 'express',
		documents: [{ words: 6000 }],
		choices: { delivery_date: 'earliest' },
		shows: (i) => i.lines.some((line) => /Ekspres/.test(line.description)),
	},
	{
		name: 'certified copies',
		documents: [{ words: 1200 }],
		choices: { copies: 3 },
		shows: (i) => i.lines.some((line) => line.unit === 'pieces' && line.quantity === 3),
	},
	{
		name: 'certified pages and a signed PDF',
		documents: [{ words: 700 }],
		choices: { certified: true, pages: 4, certified_pdf: true, copies: 1 },
		shows: (i) =>
			/sider, certificeret/.test(i.lines[0]!.description) &&
			i.lines.some((line) => line.unit === 'pages' && line.quantity === 4) &&
			i.lines.some((line) => /Digitalt signeret PDF/.test(line.description)),
	},
	{
		name: 'the minimum order',
		documents: [{ words: 90 }],
		shows: (i) => i.lines.some((l) => /minimum/i.test(l.description)),
	},
	{
		name: 'Danish letters and & < > " in names and references, long references',
		documents: [{ words: 2500 }],
		company: DANISH,
		purchaseOrder: `${LONG.slice(0, 50)} & <ø> "x"`,
		buyerReference: `Åse Ærø & <Økonomi> "${'9'.repeat(30)}"`,
		shows: (i) => i.buyer.name === DANISH,
	},
]

let cvrSeed = 3100000
function nextCvr() {
	for (;;) {
		const first7 = String(++cvrSeed)
		const digit = cvrCheckDigit(first7)
		if (digit !== null) return Number(`${first7}${digit}`)
	}
}

// A public body orders the shape, the order is delivered, then cancelled: its invoice and credit note.
async function issue(shape: Shape, { cancel = true } = {}): Promise<{ invoice: Invoice; credit: Invoice }> {
	const draftId = randomUUID()
	for (const document of shape.documents)
		await countedDocument(db(), document.words, { draftId, repeated: document.repeated })
	const { delivery_date: date, ...choices } = shape.choices ?? {}
	const delivery = date === 'earliest' ? earliestDeliveryDate(todayInDenmark(), 2) : ''
	const quoteId = await saveQuote(
		db(),
		draftId,
		{ from_language: 'da', to_language: 'en', delivery_date: delivery, copies: 0, ...choices },
		'da',
	)
	const cvr = nextCvr()
	const name = shape.company ?? `Styrelsen nr. ${cvr}`
	await db().insert(companies).values({
		cvr,
		name,
		searchName: name.toLowerCase(),
		street: 'Nørregade 7',
		postcode: '8000',
		city: '8000 Aarhus C',
		isActive: true,
	})
	const accepted = await acceptQuote(
		services(),
		quoteId,
		acceptFields({
			customer_kind: 'company',
			company_cvr: String(cvr),
			ean: '5798000416604',
			purchase_order: shape.purchaseOrder ?? 'IND-2026-19',
			buyer_reference: shape.buyerReference ?? 'Lene Sørensen',
			phone: '+45 33 12 34 56',
		}),
		'da',
	)
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	const order = await inProgressWithFile(services(), staff, accepted.token)
	const { invoice } = await changeOrderStatus(services(), staff, order.id, 'delivered')
	if (!cancel) return { invoice: invoice!, credit: invoice! }
	const { credit } = await changeOrderStatus(services(), staff, order.id, 'cancelled', 'Test')
	return { invoice: invoice!, credit: credit! }
}

beforeAll(async () => {
	// The agency takes payments by FI card too: its invoices carry a +71 payment ID.
	await db().update(settings).set({ fiCreditor: '85123456' }).where(eq(settings.id, 1))
})

describe('OIOUBL documents pass NemHandel’s validator', () => {
	test.each(SHAPES)('$name: the invoice and its credit note', async (shape) => {
		const { invoice, credit } = await issue(shape)
		expect(shape.shows(invoice), JSON.stringify(invoice.lines)).toBe(true)
		const [invoiceXmlText, creditXmlText] = [await invoiceXml(db(), invoice), await invoiceXml(db(), credit)]
		expect(invoiceXmlText).toContain(
			'<cbc:PaymentID schemeAgencyID="320" schemeID="urn:oioubl:id:paymentid-1.1">71</cbc:PaymentID>',
		)
		const verdicts = await Promise.all([
			validateOioubl(invoiceXmlText, 'invoice.xml'),
			validateOioubl(creditXmlText, 'credit-note.xml'),
		])
		expect(verdicts.map((verdict) => verdict.findings.filter((finding) => finding.severity === 'fatal'))).toEqual([
			[],
			[],
		])
		expect(verdicts.map((verdict) => verdict.valid)).toEqual([true, true])
	})

	test('the validator does refuse a broken document: a buyer without a contact', async () => {
		const { invoice } = await issue(SHAPES[0]!)
		const broken = (await invoiceXml(db(), invoice)).replace(/<cac:Contact>[\s\S]*?<\/cac:Contact>/, '')
		const verdict = await validateOioubl(broken)
		expect(verdict.valid).toBe(false)
		expect(verdict.findings.map((finding) => finding.rule)).toContain('F-INV046')
	})

	test('partial credit notes (some lines, an amount) and the cancel that credits the rest pass too, and add up to the invoice', async () => {
		const { invoice } = await issue(SHAPES[1]!, { cancel: false })
		const byLines = await issuePartialCredit(services(), staff, invoice.id, {
			by: 'lines',
			lines: [0],
			reason: 'Første dokument var allerede oversat',
		})
		const byAmount = await issuePartialCredit(services(), staff, invoice.id, {
			by: 'amount',
			amount: 100,
			reason: 'Rabat for forsinkelse',
		})
		const { credit: rest } = await changeOrderStatus(services(), staff, invoice.orderId, 'cancelled', 'Test')
		const credits = [byLines, byAmount, rest!]
		const verdicts = await Promise.all(credits.map(async (credit) => validateOioubl(await invoiceXml(db(), credit))))
		expect(verdicts.map((verdict) => verdict.findings.filter((finding) => finding.severity === 'fatal'))).toEqual([
			[],
			[],
			[],
		])
		expect(verdicts.map((verdict) => verdict.valid)).toEqual([true, true, true])
		const sum = credits.reduce((total, credit) => total + credit.net, 0)
		expect(Math.round(sum * 100) / 100).toBe(invoice.net)
	})
})
