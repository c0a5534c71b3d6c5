import { Readable } from 'node:stream'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { documents, requests } from '#database/schema.ts'
import { addRequestDocument, quoteRequest } from '#app/models/request/staff-quote.server.ts'
import { findQuote } from '#app/models/quote/quote.server.ts'
import { setupOrderTests } from '#tests/setup/orders.ts'

// A request whose customer mailed the documents: staff add them and make the quote.
const { db, services, staff } = setupOrderTests()

function multipart(name: string, content: string) {
	const boundary = 'staff-quote'
	const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`
	return {
		contentType: `multipart/form-data; boundary=${boundary}`,
		declaredBytes: Buffer.byteLength(body),
		body: Readable.toWeb(Readable.from([Buffer.from(body)])) as ReadableStream<Uint8Array>,
	}
}

describe("staff make a request's quote", () => {
	test('from a document they add and the choices the customer made', async () => {
		const [request] = await db()
			.insert(requests)
			.values({
				reference: 'MAIL-1',
				locale: 'en',
				name: 'Ida Holm',
				email: 'ida@example.dk',
				fromLanguage: 'da',
				toLanguage: 'en',
				deliveryDate: '2020-01-02',
				copies: 1,
				ipHash: 'x',
				fingerprint: 'mail-1',
			})
			.returning()
		const queued: string[] = []
		const withFiles = {
			...services(),
			documentsDir: mkdtempSync(path.join(tmpdir(), 'tolk-request-docs-')),
			enqueueAnalysis: (id: string) => void queued.push(id),
		}
		const row = await addRequestDocument(withFiles, staff, request!.id, multipart('brev.txt', 'Et brev.'), 10)
		expect(row).toMatchObject({ name: 'brev.txt', requestId: request!.id, status: 'pending' })
		expect(queued).toEqual([row.id])
		// The count arrives (here by hand, as the worker would write it).
		await db().update(documents).set({ status: 'counted', words: 1200 }).where(eq(documents.id, row.id))

		const quoteId = await quoteRequest(withFiles, staff, request!.id)
		const quote = await findQuote(db(), quoteId)
		// The date has passed, so the quote is at the normal pace; languages and copies as asked.
		expect(quote).toMatchObject({ fromLanguage: 'da', toLanguage: 'en', deliveryDate: null, copies: 1, locale: 'en' })
		expect(quote!.details.quote.words).toBe(1200)
		const [saved] = await db().select().from(requests).where(eq(requests.id, request!.id))
		expect(saved!.quoteId).toBe(quoteId)
	})
})
