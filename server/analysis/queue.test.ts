import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, describe, expect, test } from 'vitest'
import { onDisk } from '#app/models/files/store.server.ts'
import { documents, requests, settings } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { deleteExpiredDocuments, deleteStrayFiles } from '#app/models/documents/retention.server.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import {
	compoundFileSharingChain,
	docxOfManyParts,
	docxOfZeros,
	numbersClaimingGigabyte,
	pdfOfZeros,
} from '#tests/setup/bombs.ts'
import { childrenOf, samplePeakOfChildren } from '#tests/setup/child-memory.ts'
import { cpuMsOf } from '#server/analysis/cpu-time.ts'
import { createLogger } from '#server/logger.ts'
import { cpuBudgetMs, createAnalysisQueue } from '#server/analysis/queue.ts'
import {
	countedPreviewPathOf,
	countedTextFile,
	countedTextPathOf,
	readCountedPreviews,
	writeCountedText,
} from '#app/models/documents/counted-text.server.ts'

const testDatabase = setupTestDatabase()
const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-documents-'))
afterAll(() => rmSync(documentsDir, { recursive: true, force: true }))

const silent = createLogger({ LOG_LEVEL: 'silent' })

function storeDocument(id: string, text: string | Uint8Array, createdAt = new Date(), extension = 'txt') {
	mkdirSync(documentsDir, { recursive: true })
	const storedName = `${id}.${extension}`
	writeFileSync(path.join(documentsDir, storedName), text)
	return testDatabase.handle.db
		.insert(documents)
		.values({ id, draftId: 'draft', name: storedName, extension, size: text.length, storedName, createdAt })
}

// The documents' rows once the queue has settled each of them, in the order asked.
async function documentsAfter(queue: ReturnType<typeof createAnalysisQueue>, ids: string[]) {
	try {
		for (const id of ids) queue.enqueue(id)
		await expect
			.poll(
				async () =>
					(await testDatabase.handle.db.select().from(documents)).filter(
						(row) => ids.includes(row.id) && row.status !== 'pending',
					).length,
				{ timeout: 30_000 },
			)
			.toBe(ids.length)
		const rows = await testDatabase.handle.db.select().from(documents)
		return ids.map((id) => rows.find((row) => row.id === id)!)
	} finally {
		await queue.close()
	}
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
			logger: silent,
		})
		try {
			await queue.resume()
			await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1)
			expect(sent[0]).toEqual([
				`document:${id}`,
				{ type: 'document', document: expect.objectContaining({ id, status: 'counted', words: 7 }) },
			])
			const [row] = await testDatabase.handle.db.select().from(documents).where(eq(documents.id, id))
			expect(row).toMatchObject({ status: 'counted', words: 7 })
			// What was counted is kept for the customer's quote and the inbox, whole and as a preview.
			expect(await readCountedPreviews({ documentsDir, files: onDisk }, [id])).toEqual({
				[id]: [{ part: 'body', text: 'Ét, to, tre ord – og så fire.', characters: 29 }],
			})
			expect(await countedTextFile({ documentsDir, files: onDisk }, id, () => 'Brødtekst')).toBe(
				'\uFEFFBrødtekst\n=========\n\nÉt, to, tre ord – og så fire.\n',
			)
		} finally {
			await queue.close()
		}
	})
})

describe("the agency's settings for presentations", () => {
	test("speaker notes switched off are counted and shown apart, and left out of the document's words", async () => {
		const id = '11111111-1111-4111-8111-111111111177'
		const corpus = fileURLToPath(
			new URL('../../../shared/corpus/files/pptx_pandoc_speaker_notes.pptx', import.meta.url),
		)
		if (!existsSync(corpus)) return console.warn('NO CORPUS: the presentation settings are not checked on a real deck')
		await testDatabase.handle.db
			.insert(settings)
			.values({
				id: 1,
				agencyName: 'Tolk',
				email: 'kontakt@tolk.example',
				phone: '12345678',
				address: 'Vestergade 1, 8000 Aarhus C',
				cvr: '12345678',
				countSpeakerNotes: false,
			})
			.onConflictDoUpdate({ target: settings.id, set: { countSpeakerNotes: false } })
		try {
			await storeDocument(id, new Uint8Array(readFileSync(corpus)), new Date(), 'pptx')
			const queue = createAnalysisQueue({
				db: testDatabase.handle.db,
				documentsDir,
				broadcast: async () => {},
				logger: silent,
			})
			const [row] = await documentsAfter(queue, [id])
			expect(row).toMatchObject({
				status: 'counted',
				words: 19,
				countParts: { body: 19, notes: 23, leftOut: ['notes'] },
			})
		} finally {
			await testDatabase.handle.db.update(settings).set({ countSpeakerNotes: true }).where(eq(settings.id, 1))
		}
	})
})

describe('a document whose file is gone', () => {
	test('goes to a person as unreadable, once, instead of being tried again at every lease', async () => {
		const id = '12121212-1212-4121-8121-121212121212'
		await storeDocument(id, 'Ord der forsvandt.')
		rmSync(path.join(documentsDir, `${id}.txt`))
		const queue = createAnalysisQueue({
			db: testDatabase.handle.db,
			documentsDir,
			broadcast: async () => {},
			logger: silent,
			workers: 1,
		})
		const [row] = await documentsAfter(queue, [id])
		expect(row).toMatchObject({ status: 'manual', manualReason: 'broken', countLeaseUntil: null })
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
		// Two workers, the later upload handed out first: whichever finishes last, the repeats are the upload order's.
		const queue = createAnalysisQueue({
			db: testDatabase.handle.db,
			documentsDir,
			broadcast: async (stream, message) => void sent.push([stream, message]),
			logger: silent,
			workers: 2,
		})
		try {
			queue.enqueue(second)
			queue.enqueue(first)
			const announced = (id: string) =>
				sent
					.filter(([stream]) => stream === `document:${id}`)
					.map(([, message]) => (message as { document: { repeated_words: number } }).document.repeated_words)
			await expect.poll(() => announced(second).at(-1), { timeout: 10_000 }).toBe(7)
			expect(announced(first)).toEqual([0])
			const rows = await testDatabase.handle.db.select().from(documents)
			expect(rows.find((row) => row.id === first)).toMatchObject({ repeatedWords: 0 })
			expect(rows.find((row) => row.id === second)).toMatchObject({ repeatedWords: 7 })
		} finally {
			await queue.close()
		}
	})

	test('a document counted before fingerprints were kept is fingerprinted from its kept text, once', async () => {
		const [earlier, later] = ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002']
		const shared = 'This agreement is governed by Danish law.'
		await storeDocument(earlier, shared, new Date(Date.now() - 1000))
		await testDatabase.handle.db.update(documents).set({ status: 'counted', words: 7 }).where(eq(documents.id, earlier))
		writeFileSync(path.join(documentsDir, `${earlier}.words.txt`), shared)
		await storeDocument(later, `Intro text goes here. ${shared}`)
		const queue = createAnalysisQueue({
			db: testDatabase.handle.db,
			documentsDir,
			broadcast: async () => {},
			logger: silent,
		})
		try {
			queue.enqueue(later)
			await expect
				.poll(
					async () =>
						(await testDatabase.handle.db.select().from(documents).where(eq(documents.id, later)))[0]!.repeatedWords,
					{ timeout: 10_000 },
				)
				.toBe(7)
			expect(existsSync(path.join(documentsDir, `${earlier}.sentences`))).toBe(true)
			expect(existsSync(path.join(documentsDir, `${earlier}.words.txt`))).toBe(false)
		} finally {
			await queue.close()
		}
	})
})

describe('limits', () => {
	const HUGE = 'ord '.repeat(6_000_000)
	const warnings: { reason?: string }[] = []
	const listening = pino(
		{ level: 'warn' },
		{ write: (line: string) => void warnings.push(JSON.parse(line) as { reason?: string }) },
	)

	test('a count past its time limit is stopped and goes to a person; a new worker counts the next file', async () => {
		const [slow, next] = ['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002']
		await storeDocument(slow, HUGE)
		await storeDocument(next, 'Tre små ord.')
		const queue = createAnalysisQueue({
			db: testDatabase.handle.db,
			documentsDir,
			broadcast: async () => {},
			logger: listening,
			workers: 1,
			timeoutMs: 150,
		})
		const [stopped, counted] = await documentsAfter(queue, [slow, next])
		expect(stopped).toMatchObject({ status: 'manual', manualReason: 'complex' })
		expect(counted).toMatchObject({ status: 'counted', words: 3 })
		expect(warnings.at(-1)).toMatchObject({ document: slow, reason: 'timeout' })
	})

	test('a count past its memory limit is stopped and goes to a person; a new worker counts the next file', async () => {
		const [greedy, next] = ['b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002']
		await storeDocument(greedy, HUGE)
		await storeDocument(next, 'Fire små ord her.')
		const queue = createAnalysisQueue({
			db: testDatabase.handle.db,
			documentsDir,
			broadcast: async () => {},
			logger: listening,
			workers: 1,
			memoryMb: 256,
		})
		const [stopped, counted] = await documentsAfter(queue, [greedy, next])
		expect(stopped).toMatchObject({ status: 'manual', manualReason: 'complex' })
		expect(counted).toMatchObject({ status: 'counted', words: 4 })
		expect(warnings.filter((warning) => warning.reason)).toContainEqual(
			expect.objectContaining({ document: greedy, reason: 'memory' }),
		)
	})
})

describe('a file that is far more work than its size', () => {
	test('stops at its CPU time and goes to a person, while another address’s file is counted beside it', async () => {
		const [heavy, ordinary] = ['c1000000-0000-4000-8000-000000000001', 'c1000000-0000-4000-8000-000000000002']
		const bomb = docxOfManyParts()
		await storeDocument(heavy, bomb, new Date(), 'docx')
		await storeDocument(ordinary, 'Seks små ord fra en anden.')
		const addressed = (id: string, ipHash: string) =>
			testDatabase.handle.db.update(documents).set({ ipHash }).where(eq(documents.id, id))
		await addressed(heavy, 'flooder')
		await addressed(ordinary, 'visitor')
		const warnings: { document?: string; reason?: string }[] = []
		const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) })
		// The wall-clock and memory limits far beyond the budget (the file takes a worker past 1 GiB
		// when it runs long enough): only the CPU time can stop it.
		expect(cpuBudgetMs(bomb.length, 120_000)).toBeLessThan(12_000)
		const queue = createAnalysisQueue({
			db: testDatabase.handle.db,
			documentsDir,
			broadcast: async () => {},
			logger,
			workers: 1,
			timeoutMs: 120_000,
			memoryMb: 3072,
		})
		const statusOf = async (id: string) =>
			(await testDatabase.handle.db.select().from(documents).where(eq(documents.id, id)))[0]!.status
		queue.enqueue(heavy)
		// Past what loading the extractors takes (0.3 s): the heavy file is being counted.
		const busiestChild = () => Math.max(0, ...childrenOf(process.pid).map((pid) => cpuMsOf(Number(pid)) ?? 0))
		await expect.poll(busiestChild, { timeout: 30_000 }).toBeGreaterThan(1_500)
		queue.enqueue(ordinary)
		// The other address's file does not wait for the heavy one: counted while it still runs.
		await expect.poll(() => statusOf(ordinary), { timeout: 30_000 }).toBe('counted')
		expect(await statusOf(heavy)).toBe('pending')
		const [stopped] = await documentsAfter(queue, [heavy])
		expect(stopped).toMatchObject({ status: 'manual', manualReason: 'complex' })
		expect(warnings).toContainEqual(expect.objectContaining({ document: heavy, reason: 'cpu' }))
	})
})

describe('documents that unpack to gigabytes', () => {
	test('go to a person as too complex, the worker staying under its memory limit, and the next file is counted', async () => {
		const bombs: [string, Uint8Array][] = [
			['pdf', pdfOfZeros(1)],
			['pdf', pdfOfZeros(2)],
			['docx', docxOfZeros(1)],
			['numbers', numbersClaimingGigabyte()],
			['xls', compoundFileSharingChain()],
			['ppt', compoundFileSharingChain()],
			['doc', compoundFileSharingChain()],
		]
		const ids = bombs.map((_, n) => `f1000000-0000-4000-8000-00000000000${n}`)
		for (const [n, [extension, bytes]] of bombs.entries()) await storeDocument(ids[n]!, bytes, new Date(), extension)
		const next = 'f1000000-0000-4000-8000-000000000099'
		await storeDocument(next, 'Og så fem ord til.')
		const peak = samplePeakOfChildren()
		const queue = createAnalysisQueue({
			db: testDatabase.handle.db,
			documentsDir,
			broadcast: async () => {},
			logger: silent,
			workers: 1,
			memoryMb: 512,
		})
		const rows = await documentsAfter(queue, [...ids, next])
		expect(peak.stop()).toBeLessThan(512 + 64)
		expect(rows.slice(0, -1).map((row) => [row.extension, row.status, row.manualReason])).toEqual(
			bombs.map(([extension]) => [extension, 'manual', 'complex']),
		)
		expect(rows.at(-1)).toMatchObject({ status: 'counted', words: 5 })
	})
})

describe('document retention', () => {
	test('deletes documents past the retention period, file and row, and keeps the others', async () => {
		await seedDatabase(testDatabase.handle.db, { companies: 0 })
		const old = '22222222-2222-4222-8222-222222222222'
		const fresh = '33333333-3333-4333-8333-333333333333'
		await storeDocument(old, 'gammel', new Date(Date.now() - 31 * 86_400_000))
		await writeCountedText(
			{ text: countedTextPathOf(documentsDir, old), preview: countedPreviewPathOf(documentsDir, old) },
			{ body: 'gammel' },
		)
		await storeDocument(fresh, 'ny')
		expect(await deleteExpiredDocuments(testDatabase.handle.db, { documentsDir, files: onDisk })).toBe(1)
		expect(existsSync(path.join(documentsDir, `${old}.txt`))).toBe(false)
		// What was counted from it goes with it.
		expect(existsSync(countedTextPathOf(documentsDir, old))).toBe(false)
		expect(existsSync(countedPreviewPathOf(documentsDir, old))).toBe(false)
		expect(existsSync(path.join(documentsDir, `${fresh}.txt`))).toBe(true)
		const left = await testDatabase.handle.db.select({ id: documents.id }).from(documents)
		expect(left.map((row) => row.id)).not.toContain(old)
		expect(left.map((row) => row.id)).toContain(fresh)
	})

	test('keeps old documents that came with a request', async () => {
		const [request] = await testDatabase.handle.db
			.insert(requests)
			.values({
				reference: 'TEST-0001',
				locale: 'da',
				name: 'Karen',
				email: 'karen@example.dk',
				ipHash: 'x',
				fingerprint: 'y',
			})
			.returning({ id: requests.id })
		const sent = '77777777-7777-4777-8777-777777777777'
		await storeDocument(sent, 'sendt', new Date(Date.now() - 400 * 86_400_000))
		await testDatabase.handle.db.update(documents).set({ requestId: request!.id }).where(eq(documents.id, sent))
		await deleteExpiredDocuments(testDatabase.handle.db, { documentsDir, files: onDisk })
		expect(existsSync(path.join(documentsDir, `${sent}.txt`))).toBe(true)
		expect(
			await testDatabase.handle.db.select({ id: documents.id }).from(documents).where(eq(documents.id, sent)),
		).toHaveLength(1)
	})

	test('files no document stands for go at start: cut-off uploads, files left without a row; the rest stay', async () => {
		const kept = 'd0000000-0000-4000-8000-000000000001'
		await storeDocument(kept, 'behold mig')
		const stray = [
			'66666666-6666-4666-8666-666666666666.part',
			'e0000000-0000-4000-8000-000000000001.txt',
			'e0000000-0000-4000-8000-000000000001.sentences',
		]
		for (const name of [...stray, 'README.txt']) writeFileSync(path.join(documentsDir, name), 'x')
		// Another process may still be writing a fresh one.
		expect(await deleteStrayFiles(testDatabase.handle.db, { documentsDir, files: onDisk })).toBe(0)
		expect(
			await deleteStrayFiles(testDatabase.handle.db, { documentsDir, files: onDisk }, Date.now() + 11 * 60_000),
		).toBe(stray.length)
		for (const name of stray) expect(existsSync(path.join(documentsDir, name))).toBe(false)
		expect(existsSync(path.join(documentsDir, `${kept}.txt`))).toBe(true)
		expect(existsSync(path.join(documentsDir, 'README.txt'))).toBe(true)
	})
})
