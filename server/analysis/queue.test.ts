import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { documents, requests } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { deleteExpiredDocuments, deleteUnfinishedUploads } from '#app/models/documents/retention.server.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { createLogger } from '../logger.ts'
import { createAnalysisQueue } from './queue.ts'

const testDatabase = setupTestDatabase()
const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-documents-'))
afterAll(() => rmSync(documentsDir, { recursive: true, force: true }))

function storeDocument(id: string, text: string, createdAt = new Date()) {
	mkdirSync(documentsDir, { recursive: true })
	writeFileSync(path.join(documentsDir, `${id}.txt`), text)
	return testDatabase.handle.db.insert(documents).values({ id, draftId: 'draft', name: `${id}.txt`, extension: 'txt', size: text.length, storedName: `${id}.txt`, createdAt })
}

describe('the word-count queue', () => {
	test('picks up documents left pending by a restart, counts them on a worker and announces the result', async () => {
		const id = '11111111-1111-4111-8111-111111111111'
		await storeDocument(id, 'Ét, to, tre ord – og så fire.')
		const sent: [string, unknown][] = []
		const queue = createAnalysisQueue({
			db: testDatabase.handle.db,
			documentsDir,
			broadcast: async (stream, message) => void sent.push([stream, message]),
			logger: createLogger({ LOG_LEVEL: 'silent' }),
		})
		try {
			await queue.resume()
			await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1)
			expect(sent[0]).toEqual([`document:${id}`, { type: 'document', document: expect.objectContaining({ id, status: 'counted', words: 7 }) }])
			const [row] = await testDatabase.handle.db.select().from(documents).where(eq(documents.id, id))
			expect(row).toMatchObject({ status: 'counted', words: 7 })
		} finally {
			await queue.close()
		}
	})
})

describe('repeated sentences', () => {
	test('are counted across the documents of one order, in upload order, and announced', async () => {
		const first = '44444444-4444-4444-8444-444444444444'
		const second = '55555555-5555-4555-8555-555555555555'
		const shared = 'The parties agree to the terms below.'
		await storeDocument(first, `${shared} Payment is due in thirty days.`, new Date(Date.now() - 1000))
		await storeDocument(second, `Welcome to the annual report. ${shared}`)
		const sent: [string, unknown][] = []
		const queue = createAnalysisQueue({ db: testDatabase.handle.db, documentsDir, broadcast: async (stream, message) => void sent.push([stream, message]), logger: createLogger({ LOG_LEVEL: 'silent' }) })
		try {
			queue.enqueue(first)
			queue.enqueue(second)
			await expect.poll(() => sent.filter(([stream]) => stream === `document:${second}`).length, { timeout: 10_000 }).toBeGreaterThan(0)
			const rows = await testDatabase.handle.db.select().from(documents)
			expect(rows.find((row) => row.id === first)).toMatchObject({ repeatedWords: 0 })
			expect(rows.find((row) => row.id === second)).toMatchObject({ repeatedWords: 7 })
		} finally {
			await queue.close()
		}
	})
})

describe('document retention', () => {
	test('deletes documents past the retention period, file and row, and keeps the others', async () => {
		await seedDatabase(testDatabase.handle.db, { companies: 0 })
		const old = '22222222-2222-4222-8222-222222222222'
		const fresh = '33333333-3333-4333-8333-333333333333'
		await storeDocument(old, 'gammel', new Date(Date.now() - 31 * 86_400_000))
		await storeDocument(fresh, 'ny')
		expect(await deleteExpiredDocuments(testDatabase.handle.db, documentsDir)).toBe(1)
		expect(existsSync(path.join(documentsDir, `${old}.txt`))).toBe(false)
		expect(existsSync(path.join(documentsDir, `${fresh}.txt`))).toBe(true)
		const left = await testDatabase.handle.db.select({ id: documents.id }).from(documents)
		expect(left.map((row) => row.id)).not.toContain(old)
		expect(left.map((row) => row.id)).toContain(fresh)
	})

	test('keeps old documents that came with a request', async () => {
		const [request] = await testDatabase.handle.db
			.insert(requests)
			.values({ reference: 'TEST-0001', locale: 'da', name: 'Karen', email: 'karen@example.dk', ipHash: 'x', fingerprint: 'y' })
			.returning({ id: requests.id })
		const sent = '77777777-7777-4777-8777-777777777777'
		await storeDocument(sent, 'sendt', new Date(Date.now() - 400 * 86_400_000))
		await testDatabase.handle.db.update(documents).set({ requestId: request!.id }).where(eq(documents.id, sent))
		await deleteExpiredDocuments(testDatabase.handle.db, documentsDir)
		expect(existsSync(path.join(documentsDir, `${sent}.txt`))).toBe(true)
		expect(await testDatabase.handle.db.select({ id: documents.id }).from(documents).where(eq(documents.id, sent))).toHaveLength(1)
	})

	test('an upload cut off by a stopped server leaves nothing that counts, and its part file goes at start', async () => {
		writeFileSync(path.join(documentsDir, '66666666-6666-4666-8666-666666666666.part'), 'half a file')
		expect(await deleteUnfinishedUploads(documentsDir)).toBe(1)
		expect(existsSync(path.join(documentsDir, '66666666-6666-4666-8666-666666666666.part'))).toBe(false)
	})
})
