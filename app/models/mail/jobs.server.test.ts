import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { mailJobs } from '#database/schema.ts'
import {
	claimMail,
	finishMail,
	gatherIntoDigest,
	queueMail,
	renewMail,
	retryMail,
} from '#app/models/mail/jobs.server.ts'
import { createMailer } from '#server/mailer.ts'
import { createLogger } from '#server/logger.ts'
import { parseEnv } from '#server/env.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'

const testDatabase = setupTestDatabase()
const dataDir = mkdtempSync(path.join(tmpdir(), 'tolk-mail-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const message = (subject: string) => ({
	to: 'kunde@example.dk',
	subject,
	text: 'Hej',
	attachments: [
		{ filename: 'faktura.pdf', content: new Uint8Array([37, 80, 68, 70, 0, 255]), contentType: 'application/pdf' },
	],
})

describe('mail as jobs in the database', () => {
	test('two processes asking at once: one takes the mail, the other finds nothing; a lapsed hold frees it', async () => {
		const { db } = testDatabase.handle
		await queueMail(db, message('Ordrebekræftelse'))
		const [a, b] = await Promise.all([claimMail(db, 30_000), claimMail(db, 30_000)])
		const taken = [a, b].filter((job) => job !== null)
		expect(taken).toHaveLength(1)
		expect(taken[0]!.message.subject).toBe('Ordrebekræftelse')
		expect([...taken[0]!.message.attachments![0]!.content]).toEqual([37, 80, 68, 70, 0, 255])
		// The process holding it died: after its lease, another takes it, on its second attempt.
		const later = new Date(Date.now() + 31_000)
		const again = await claimMail(db, 30_000, later)
		expect(again).toMatchObject({ id: taken[0]!.id, attempts: 2 })
		await finishMail(db, again!.id)
		expect(await claimMail(db, 30_000, later)).toBeNull()
	})

	test('a send that takes longer than the lease keeps its hold while it renews it', async () => {
		const { db } = testDatabase.handle
		await queueMail(db, message('Stor faktura'))
		const start = new Date()
		const job = await claimMail(db, 30_000, start)
		await renewMail(db, job!.id, 30_000, new Date(start.getTime() + 20_000))
		expect(await claimMail(db, 30_000, new Date(start.getTime() + 40_000))).toBeNull()
		expect((await claimMail(db, 30_000, new Date(start.getTime() + 51_000)))?.id).toBe(job!.id)
		await finishMail(db, job!.id)
	})

	test('a failed mail waits for its retry, then any process takes it', async () => {
		const { db } = testDatabase.handle
		await queueMail(db, message('Påmindelse'))
		const job = await claimMail(db, 30_000)
		await retryMail(db, job!.id, 15_000)
		expect(await claimMail(db, 30_000)).toBeNull()
		const retried = await claimMail(db, 30_000, new Date(Date.now() + 16_000))
		expect(retried?.id).toBe(job!.id)
		await finishMail(db, job!.id)
	})

	test('mail queued by a process that stopped is sent by the next one to start', async () => {
		const { db } = testDatabase.handle
		const env = parseEnv({ DATA_DIR: dataDir })
		const logger = createLogger({ LOG_LEVEL: 'silent' })
		await queueMail(db, message('Left behind'))
		const mailer = createMailer(env, logger, { db, leaseMs: 30_000, pollMs: 60_000 })
		mailer.start()
		mailer.send(message('Sent now'))
		await expect.poll(() => readdirSync(path.join(dataDir, 'mail')).length, { timeout: 10_000 }).toBe(2)
		await mailer.close()
		const subjects = readdirSync(path.join(dataDir, 'mail')).map(
			(name) => /^Subject: (.*)$/m.exec(readFileSync(path.join(dataDir, 'mail', name), 'utf8'))?.[1],
		)
		expect(subjects.sort()).toEqual(['Left behind', 'Sent now'])
		expect(await db.select().from(mailJobs)).toEqual([])
	})
})

describe('a digest', () => {
	test('is sent by the mailer once due with what joined it, and a digest nothing joined is dropped without a mail', async () => {
		const { db } = testDatabase.handle
		const folder = mkdtempSync(path.join(tmpdir(), 'tolk-digest-'))
		const env = parseEnv({ DATA_DIR: folder })
		const logger = createLogger({ LOG_LEVEL: 'silent' })
		const mail = { to: 'pm@tolk.test', subject: 'Besked fra kunden', head: 'Flere beskeder:', foot: 'Læs dem her.' }
		expect(await gatherIntoDigest(db, 'thread:1:agency', mail, 'Første', 50)).toBe('first')
		expect(await gatherIntoDigest(db, 'thread:1:agency', mail, 'Anden', 50)).toBe('joined')
		expect(await gatherIntoDigest(db, 'thread:1:agency', mail, 'Tredje', 50)).toBe('joined')
		expect(await gatherIntoDigest(db, 'thread:2:agency', mail, 'Alene', 50)).toBe('first')
		await new Promise((resolve) => setTimeout(resolve, 60))
		const mailer = createMailer(env, logger, { db, leaseMs: 30_000, pollMs: 60_000 })
		mailer.start()
		await expect.poll(async () => (await db.select().from(mailJobs)).length, { timeout: 10_000 }).toBe(0)
		await mailer.close()
		const sent = readdirSync(path.join(folder, 'mail')).map((name) =>
			readFileSync(path.join(folder, 'mail', name), 'utf8'),
		)
		expect(sent).toHaveLength(1)
		expect(sent[0]).toMatch(/Flere beskeder:\s+Anden\s+Tredje\s+L/)
		rmSync(folder, { recursive: true, force: true })
	})
})
