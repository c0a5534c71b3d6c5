import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { documents, requests } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { addWorkingDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { findQuote } from '#app/models/quote/quote.server.ts'
import type { RequestField } from '#app/models/request/form.ts'
import { MAX_REQUESTS_PER_ADDRESS, saveQuoteOfForm, submitRequest } from '#app/models/request/submit.server.ts'
import { REQUESTS_STREAM } from '#app/utils/cable.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { testServices } from '#tests/setup/services.ts'
import { countedDocument, requestFields } from '#tests/setup/orders.ts'

// The request and quote models called as a script would: a real database, no router, no HTTP.
const testDatabase = setupTestDatabase()
beforeAll(() => seedDatabase(testDatabase.handle.db, { companies: 20 }))

const fields = requestFields

const draftWithDocument = (words = 1000) => countedDocument(testDatabase.handle.db, words)

describe('saving a quote', () => {
	test('refuses unknown languages, the same language twice and a date before the notice, each on its field', async () => {
		const { draftId } = await draftWithDocument()
		const save = (values: Partial<Record<RequestField, string>>) =>
			saveQuoteOfForm(testDatabase.handle.db, { fields: fields(values), locale: 'da', draftId })
		expect(await save({ from_language: 'xx', to_language: 'en' })).toMatchObject({
			ok: false,
			summary: 'quote.notSaved',
			errors: { from_language: 'language' },
		})
		expect(await save({ from_language: 'da', to_language: 'da' })).toMatchObject({
			ok: false,
			errors: { to_language: 'same-language' },
		})
		expect(await save({ from_language: 'da', to_language: 'en', delivery_date: todayInDenmark() })).toMatchObject({
			ok: false,
			errors: { delivery_date: 'too-early' },
		})
		expect(
			await saveQuoteOfForm(testDatabase.handle.db, { fields: fields({}), locale: 'da', draftId: randomUUID() }),
		).toMatchObject({ ok: false, summary: 'quote.noDocuments' })
	})

	test('keeps the priced documents under an unguessable id', async () => {
		const { draftId } = await draftWithDocument(1234)
		const saved = await saveQuoteOfForm(testDatabase.handle.db, {
			fields: fields({ from_language: 'da', to_language: 'en', copies: '1' }),
			locale: 'en',
			draftId,
		})
		if (!saved.ok) throw new Error(`refused: ${JSON.stringify(saved)}`)
		expect(saved.id).toMatch(/^[\w-]{32}$/)
		const quote = await findQuote(testDatabase.handle.db, saved.id)
		expect(quote).toMatchObject({ fromLanguage: 'da', toLanguage: 'en', copies: 1, locale: 'en' })
		expect(quote!.details.quote.words).toBe(1234)
		expect(quote!.details.documents).toEqual([expect.objectContaining({ name: 'kontrakt.docx', words: 1234 })])
	})
})

describe('submitting a request', () => {
	test('stores it with the draft documents and a quote, tells the inbox and sends both mails, once', async () => {
		const { draftId, documentId } = await draftWithDocument()
		const sent: string[] = []
		const broadcasts: string[] = []
		const services = testServices({
			db: testDatabase.handle.db,
			sendMail: (mail) => void sent.push(String(mail.to)),
			broadcast: async (stream) => void broadcasts.push(stream),
		})
		const input = {
			fields: fields({ from_language: 'da', to_language: 'en', delivery_date: addWorkingDays(todayInDenmark(), 30) }),
			locale: 'da' as const,
			clientAddress: '192.0.2.1',
			draftId,
		}
		const result = await submitRequest(services, input)
		expect(result).toMatchObject({
			ok: true,
			email: 'ida@example.dk',
			draftUsed: true,
			reference: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
		})
		const [stored] = await testDatabase.handle.db
			.select()
			.from(requests)
			.where(eq(requests.reference, (result as { reference: string }).reference))
		expect(stored).toMatchObject({
			name: 'Ida Holm',
			fromLanguage: 'da',
			toLanguage: 'en',
			quoteId: expect.any(String),
		})
		const [document] = await testDatabase.handle.db.select().from(documents).where(eq(documents.id, documentId))
		expect(document!.requestId).toBe(stored!.id)
		expect(broadcasts).toEqual([REQUESTS_STREAM])
		expect(sent).toHaveLength(2)
		expect(sent).toContain('ida@example.dk')

		// The same form sent again (a double click) is the same request, announced and mailed once.
		const message = { ...input, fields: fields({ message: 'Kan I oversætte en dåbsattest?' }), draftId: null }
		const first = await submitRequest(services, message)
		expect(await submitRequest(services, message)).toEqual(first)
		expect(sent).toHaveLength(4)
		expect(broadcasts).toHaveLength(2)
	})

	test('says what is wrong per field, and stops an address after the limit', async () => {
		const services = testServices({ db: testDatabase.handle.db })
		const refused = await submitRequest(services, {
			fields: fields({ email: 'nope', from_language: 'xx', consent: '' }),
			locale: 'en',
			clientAddress: '192.0.2.2',
			draftId: null,
		})
		expect(refused).toMatchObject({
			ok: false,
			status: 422,
			summary: 'request.error.summary',
			errors: { email: 'email', consent: 'consent' },
		})
		const checked = await submitRequest(services, {
			fields: fields({ from_language: 'xx', message: 'Hej' }),
			locale: 'en',
			clientAddress: '192.0.2.2',
			draftId: null,
		})
		expect(checked).toMatchObject({ ok: false, errors: { from_language: 'language' } })

		for (let n = 0; n < MAX_REQUESTS_PER_ADDRESS; n++) {
			expect(
				await submitRequest(services, {
					fields: fields({ message: `Besked ${n}` }),
					locale: 'da',
					clientAddress: '192.0.2.3',
					draftId: null,
				}),
			).toMatchObject({ ok: true })
		}
		expect(
			await submitRequest(services, {
				fields: fields({ message: 'En for meget' }),
				locale: 'da',
				clientAddress: '192.0.2.3',
				draftId: null,
			}),
		).toMatchObject({
			ok: false,
			status: 429,
			summary: 'request.error.rate-limited',
		})
	})
})
