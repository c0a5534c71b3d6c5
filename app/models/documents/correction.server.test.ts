import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { auditEvents, documents, requests, users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { addWorkingDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import {
	correctDocumentCount,
	CountCorrectionSchema,
	DocumentNotFound,
} from '#app/models/documents/correction.server.ts'
import { findQuote } from '#app/models/quote/quote.server.ts'
import { submitRequest } from '#app/models/request/submit.server.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { testServices } from '#tests/setup/services.ts'
import { requestFields } from '#tests/setup/orders.ts'

// Staff correct a count in the inbox: the model as a script would call it, on a real database.
const testDatabase = setupTestDatabase()
const db = () => testDatabase.handle.db
let staff: { id: number; name: string }
beforeAll(async () => {
	await seedDatabase(db(), { companies: 0 })
	const [user] = await db()
		.insert(users)
		.values({ email: 'sara@tolk.test', name: 'Sara Staff', passwordHash: 'not used here' })
		.returning({ id: users.id, name: users.name })
	staff = user!
})

const fields = requestFields

// A request sent with a quote, from a counted document and one that went to a person.
async function requestWithQuote() {
	const draftId = randomUUID()
	const counted = randomUUID()
	const scanned = randomUUID()
	await db()
		.insert(documents)
		.values([
			{
				id: counted,
				draftId,
				name: 'kontrakt.docx',
				extension: 'docx',
				size: 1000,
				storedName: `${counted}.docx`,
				status: 'counted',
				words: 2000,
				countParts: { body: 1900, headers: 100, comments: 40 },
				createdAt: new Date(Date.now() - 1000),
			},
			{
				id: scanned,
				draftId,
				name: 'bilag.pdf',
				extension: 'pdf',
				size: 1000,
				storedName: `${scanned}.pdf`,
				status: 'manual',
				manualReason: 'scanned',
			},
		])
	const services = testServices({ db: db() })
	const input = {
		fields: fields({ from_language: 'da', to_language: 'en', delivery_date: addWorkingDays(todayInDenmark(), 30) }),
		locale: 'da' as const,
		clientAddress: `192.0.2.${Math.floor(Math.random() * 200)}`,
		draftId,
	}
	const sent = await submitRequest(services, input)
	if (!sent.ok) throw new Error(`refused: ${JSON.stringify(sent)}`)
	const [request] = await db().select().from(requests).where(eq(requests.reference, sent.reference))
	return { request: request!, counted, scanned, services }
}

describe('correcting a count', () => {
	test('a document a person counted is priced, the quote is recomputed on its own terms, and the reason is in the audit log', async () => {
		const { request, scanned, services } = await requestWithQuote()
		const quoteBefore = (await findQuote(db(), request.quoteId!))!.details
		expect(quoteBefore.quote.hasManual).toBe(true)

		const totals = await correctDocumentCount(
			services,
			staff,
			{ requestId: request.id, documentId: scanned },
			{ words: 1000, reason: 'Counted the scanned pages by hand' },
		)

		const quote = (await findQuote(db(), request.quoteId!))!.details
		expect(quote.quote.hasManual).toBe(false)
		expect(quote.quote.words).toBe(3000)
		// The price per word as quoted: 2000 words cost what 1000 more cost, twice.
		const perThousand = quoteBefore.quote.translation / 2
		expect(quote.quote.translation).toBeCloseTo(quoteBefore.quote.translation + perThousand, 2)
		expect(quote.quote.total).toBeGreaterThan(quoteBefore.quote.total)
		expect(totals).toEqual({ from: quoteBefore.quote.total, to: quote.quote.total })
		expect(quote.documents.find((line) => line.id === scanned)).toMatchObject({
			status: 'counted',
			words: 1000,
			corrected: true,
		})

		const [document] = await db().select().from(documents).where(eq(documents.id, scanned))
		expect(document).toMatchObject({
			status: 'counted',
			words: 1000,
			correction: { words: null, reason: 'Counted the scanned pages by hand', by: staff.name },
		})
		const [event] = await db().select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1)
		expect(event).toMatchObject({
			subjectType: 'document',
			subjectId: scanned,
			userName: staff.name,
			changes: expect.objectContaining({
				reason: 'Counted the scanned pages by hand',
				words: { from: null, to: 1000 },
			}),
		})
		expect(event!.summary).toContain('Counted the scanned pages by hand')
	})

	test('a lower count lowers the quote, and keeps what the count was made of', async () => {
		const { request, counted, services } = await requestWithQuote()
		await correctDocumentCount(
			services,
			staff,
			{ requestId: request.id, documentId: counted },
			{ words: 1500, reason: 'The appendix is a copy of the main text' },
		)
		const quote = (await findQuote(db(), request.quoteId!))!.details
		expect(quote.documents.find((line) => line.id === counted)).toMatchObject({
			words: 1500,
			parts: { body: 1900, headers: 100, comments: 40 },
			corrected: true,
		})
		const [event] = await db().select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1)
		expect(event!.changes).toMatchObject({ words: { from: 2000, to: 1500 } })
	})

	test('a document of another request is not found, and the input is checked', async () => {
		const first = await requestWithQuote()
		const second = await requestWithQuote()
		await expect(
			correctDocumentCount(
				first.services,
				staff,
				{ requestId: second.request.id, documentId: first.counted },
				{ words: 1, reason: 'nope' },
			),
		).rejects.toThrow(DocumentNotFound)
		expect(CountCorrectionSchema.safeParse({ words: '-1', reason: 'a reason' }).success).toBe(false)
		expect(CountCorrectionSchema.safeParse({ words: '12.5', reason: 'a reason' }).success).toBe(false)
		expect(CountCorrectionSchema.safeParse({ words: '12', reason: ' ' }).success).toBe(false)
		expect(CountCorrectionSchema.safeParse({ words: '12', reason: 'ok!' }).data).toEqual({ words: 12, reason: 'ok!' })
	})
})
