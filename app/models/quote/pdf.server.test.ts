import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import { documents, requests } from '#database/schema.ts'
import { findQuote, saveQuote } from '#app/models/quote/quote.server.ts'
import { quoteParties } from '#app/models/quote/document.server.ts'
import { quoteNumber, renderQuotePdf } from '#app/models/quote/pdf.server.ts'
import { DEFAULT_MESSAGES } from '#app/models/translation.server.ts'
import { countedDocument, setupOrderTests } from '#tests/setup/orders.ts'

// The quote a business files: what it says, and that its lines add up to its total.
const { db } = setupOrderTests()

async function pdfText(quoteId: string) {
	const quote = (await findQuote(db(), quoteId))!
	const parties = await quoteParties(db(), quote.id, 'en', 'https://tolk.example')
	const bytes = await renderQuotePdf(quote, 'en', DEFAULT_MESSAGES.en, parties)
	const { text } = await extractText(await getDocumentProxy(bytes, { verbosity: 0 }), { mergePages: true })
	return { quote, text: text.replace(/\s+/g, ' ') }
}

const amountsIn = (text: string) =>
	[...text.matchAll(/(-?)DKK ([\d,]+\.\d\d)/g)].map(([, sign, value]) => Number(`${sign}${value!.replace(/,/g, '')}`))

describe('the quote document', () => {
	test('names both parties, its number, date and validity, the terms; lines with the repetition discount add up', async () => {
		const { draftId, documentId } = await countedDocument(db(), 1172)
		await db()
			.update(documents)
			.set({ repeatedWords: 200, countParts: { body: 1100, headers: 72 } })
			.where(eq(documents.id, documentId))
		const id = await saveQuote(
			db(),
			draftId,
			{ from_language: 'da', to_language: 'en', delivery_date: '', copies: 2 },
			'en',
		)
		await db().insert(requests).values({
			reference: 'PDF-1',
			locale: 'en',
			name: 'Ida Holm',
			email: 'ida@example.dk',
			companyName: 'Holm & Søn ApS',
			quoteId: id,
			ipHash: 'x',
			fingerprint: 'pdf-1',
		})
		const { quote, text } = await pdfText(id)
		const { details } = quote
		expect(text).toContain(`Quote ${quoteNumber(id)}`)
		expect(text).toMatch(/Date: \d+ \w+ \d{4}/)
		expect(text).toMatch(/Valid until: \d+ \w+ \d{4}/)
		expect(text).toContain('Tolk Oversættelser ApS')
		expect(text).toMatch(/CVR \d{8}/)
		expect(text).toContain('Quote for Holm & Søn ApS Ida Holm, ida@example.dk')
		expect(text).toContain('Given on our terms of business')
		expect(text).toContain('https://tolk.example/en/p/terms')
		// A Word file's parts are a Word file's.
		expect(text).toContain('Headers and footers: 72 words')
		expect(text).not.toContain('slide')

		const price = details.pricePerWord.toFixed(2)
		expect(text).toContain(`1,172 words x DKK ${price}`)
		expect(text).toContain(`Discount: 200 repeated words at ${details.repetitionPercent}% of the price`)
		const amounts = amountsIn(text.slice(text.indexOf('kontrakt.docx'), text.indexOf('Total excl. VAT')))
		const total = details.quote.total
		// Every line but the price per word itself sums to the total without VAT.
		const lines = amounts.filter((amount) => amount !== details.pricePerWord)
		expect(lines.reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(total, 2)
		expect(text).toContain('2 certified copies')
	})

	test("a presentation's speaker notes the agency does not price are listed, and said to be outside the price", async () => {
		const { draftId, documentId } = await countedDocument(db(), 900)
		await db()
			.update(documents)
			.set({ name: 'salg.pptx', countParts: { body: 900, notes: 300, leftOut: ['notes'] } })
			.where(eq(documents.id, documentId))
		const id = await saveQuote(
			db(),
			draftId,
			{ from_language: 'da', to_language: 'en', delivery_date: '', copies: 0 },
			'en',
		)
		const { text } = await pdfText(id)
		expect(text).toContain('900 words x DKK')
		expect(text).toContain(
			'Speaker notes: 300 words (not in the price: we translate speaker notes only if you ask us to)',
		)
	})

	test('the minimum order is a top-up line of its own, and a quote without a name says who it is for', async () => {
		const { draftId } = await countedDocument(db(), 100)
		const id = await saveQuote(
			db(),
			draftId,
			{ from_language: 'da', to_language: 'en', delivery_date: '', copies: 0 },
			'en',
		)
		const { quote, text } = await pdfText(id)
		expect(text).toContain("Whoever holds this quote's link")
		expect(text).toContain('Top-up to the minimum order')
		const amounts = amountsIn(text.slice(text.indexOf('kontrakt.docx'), text.indexOf('Total excl. VAT')))
		const lines = amounts.filter((amount) => amount !== quote.details.pricePerWord)
		expect(lines.reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(quote.details.quote.total, 2)
	})
})
