import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditEvents, documents, jobFiles, jobOffers, jobs, orderFiles, users } from '#database/schema.ts'
import { changeOrderStatus, deliverAddedFiles } from '#app/models/order/lifecycle.server.ts'
import { chooseDelivery, withdrawOrderFile } from '#app/models/order/delivery.server.ts'
import { deliveriesDirOf, findOrderForCustomer, takeDownload } from '#app/models/order/order.server.ts'
import { findOrderForStaff } from '#app/models/order/admin.server.ts'
import { stateOfFile } from '#app/models/order/delivery-names.ts'
import { requestRevision } from '#app/models/order/after-delivery.server.ts'
import { createJob } from '#app/models/vendor/jobs.server.ts'
import { acceptOffer } from '#app/models/vendor/offers.server.ts'
import { approveJob, takeJobFileForStaff } from '#app/models/vendor/review.server.ts'
import { offerRevision, revisionToOffer } from '#app/models/vendor/revision.server.ts'
import {
	addJobFile,
	jobForTranslator,
	markJobDone,
	takeJobSource,
	takeOwnJobFile,
} from '#app/models/vendor/work.server.ts'
import { todoList } from '#app/models/vendor/todo.server.ts'
import { setupOrderTests } from '#tests/setup/orders.ts'
import { jobValues, makeTranslator, orderWithDocument } from '#tests/setup/vendor.ts'
import { multipartOf } from '#tests/setup/upload.ts'

const { db, services: baseServices, staff } = setupOrderTests()
const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-revision-'))
afterAll(() => rmSync(documentsDir, { recursive: true, force: true }))
const services = () => ({ ...baseServices(), documentsDir })

async function translator(name: string, options: { hourlyRate?: number } = {}) {
	const made = await makeTranslator(services(), staff, name, { rate: 0.8, ...options })
	const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, made.email))
	return { id: made.id, userId: user!.id, name }
}

// An order translated by `by`, approved, delivered, and the customer asking for a revision.
async function revisionAsked(by: Awaited<ReturnType<typeof translator>>, words = 2500) {
	const { order, documentId, deadline } = await orderWithDocument(services(), words, documentsDir)
	const made = await createJob(services(), staff, order.id, jobValues(documentId, deadline, [by.id]))
	if (!('jobId' in made)) throw new Error(JSON.stringify(made))
	await acceptOffer(services(), by, made.jobId)
	await addJobFile(services(), by, made.jobId, multipartOf('contract-en.txt', 'The contract, in English.'), 1)
	await markJobDone(services(), by, made.jobId, '')
	await approveJob(services(), staff, made.jobId)
	await changeOrderStatus(services(), staff, order.id, 'delivered')
	expect(await requestRevision(services(), order.token, 'Clause 4 says "buyer" where it means "seller".')).toBe(
		'requested',
	)
	return { order, translationJob: made.jobId }
}

describe('a revision asked for by the customer', () => {
	test('is offered in one click to the translator who did the work, carrying the delivered file and the reason, paid their share', async () => {
		const tina = await translator('Tina Revision')
		const { order, translationJob } = await revisionAsked(tina)
		expect(await revisionToOffer(db(), order.id)).toMatchObject({
			reason: 'Clause 4 says "buyer" where it means "seller".',
			translator: { id: tina.id, name: tina.name },
		})
		const made = await offerRevision(services(), staff, order.id)
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		const [job] = await db().select().from(jobs).where(eq(jobs.id, made.jobId))
		const delivered = await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
		expect(job).toMatchObject({
			kind: 'revision',
			reason: 'Clause 4 says "buyer" where it means "seller".',
			deliveredFileIds: delivered.map((file) => file.id),
			status: 'offered',
		})
		// Only Tina is offered it, at 40 % of what translating the 2,500 words paid her (2,000).
		const offers = await db().select().from(jobOffers).where(eq(jobOffers.jobId, made.jobId))
		expect(offers.map((offer) => [offer.translatorId, offer.fee])).toEqual([[tina.id, 800]])
		expect(offers[0]!.expiresAt.getTime()).toBeLessThan(job!.deadline.getTime())
		// Made once: the order page no longer offers it, and the to-do list's revision item is gone.
		expect(await revisionToOffer(db(), order.id)).toBeNull()
		const { items } = await todoList(db(), { me: staff.id, scope: 'all' })
		expect(items.revision.map((item) => item.orderId)).not.toContain(order.id)

		// Tina sees the reason and the delivered file, and downloads it (which starts the job).
		await acceptOffer(services(), tina, made.jobId)
		const seen = await jobForTranslator(services(), tina, made.jobId)
		expect(seen!.job.reason).toContain('Clause 4')
		expect(seen!.delivered.map((file) => file.name)).toEqual(delivered.map((file) => file.name))
		const file = await takeJobSource(services(), tina, made.jobId, delivered[0]!.id, 'delivered')
		expect(readFileSync(file!.file, 'utf8')).toBe('The contract, in English.')
		expect((await db().select().from(jobs).where(eq(jobs.id, made.jobId)))[0]!.status).toBe('in_progress')
		// A delivered file is not a source, nor is it another job's to take.
		expect(await takeJobSource(services(), tina, made.jobId, delivered[0]!.id)).toBeNull()
		expect(await takeJobSource(services(), tina, translationJob, delivered[0]!.id, 'delivered')).toBeNull()
	})

	test('a translator paid by the hour is offered the expected hours at their rate', async () => {
		const hugo = await translator('Hugo Hourly', { hourlyRate: 400 })
		const { order } = await revisionAsked(hugo, 2500)
		const made = await offerRevision(services(), staff, order.id)
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		const [offer] = await db().select().from(jobOffers).where(eq(jobOffers.jobId, made.jobId))
		// 2,500 words: 2.5 hours at 400.
		expect(offer!.fee).toBe(1000)
	})

	test("someone else's file is never in reach: another translator's job, or a file the job does not carry", async () => {
		const ida = await translator('Ida Other')
		const tove = await translator('Tove Revision')
		const { order } = await revisionAsked(tove)
		const made = await offerRevision(services(), staff, order.id)
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		await acceptOffer(services(), tove, made.jobId)
		const [file] = await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
		expect(await jobForTranslator(services(), ida, made.jobId)).toBeNull()
		expect(await takeJobSource(services(), ida, made.jobId, file!.id, 'delivered')).toBeNull()
		expect(await takeJobSource(services(), tove, made.jobId, crypto.randomUUID(), 'delivered')).toBeNull()
	})
})

describe('versions of the delivered files', () => {
	const customerFiles = async (token: string) =>
		(await findOrderForCustomer(db(), token))!.files.map((file) => [file.name, file.version])
	const staffFiles = async (orderId: number) =>
		(await findOrderForStaff(db(), orderId))!.files.map((file) => [file.name, file.version, stateOfFile(file)])

	test('a revision delivers a new version named after the source, the old one kept for staff; the customer keeps the last set meanwhile; a wrong file is withdrawn', async () => {
		const vera = await translator('Vera Version')
		const { order } = await revisionAsked(vera)
		const [source] = await db().select().from(documents).where(eq(documents.orderId, order.id))
		const named = `${source!.name.replace(/\.[^.]+$/, '')}.en.txt`
		// Delivered as the source's name in the target language, whatever the translator called it.
		expect(await customerFiles(order.token)).toEqual([[named, 1]])

		const made = await offerRevision(services(), staff, order.id)
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		await acceptOffer(services(), vera, made.jobId)
		await addJobFile(services(), vera, made.jobId, multipartOf('contract_en_v2_FINAL.txt', 'Revised.'), 1)
		await markJobDone(services(), vera, made.jobId, '')
		await approveJob(services(), staff, made.jobId)
		// The revision is approved but not delivered: the customer still has version 1 to download.
		const [first] = await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
		expect(await customerFiles(order.token)).toEqual([[named, 1]])
		expect(await takeDownload(db(), order.token, first!.id, 'k')).not.toBeNull()
		expect(await staffFiles(order.id)).toEqual([
			[named, 1, 'delivered'],
			[named, null, 'waiting'],
		])

		await changeOrderStatus(services(), staff, order.id, 'delivered')
		expect(await customerFiles(order.token)).toEqual([[named, 2]])
		expect(await staffFiles(order.id)).toEqual([
			[named, 1, 'superseded'],
			[named, 2, 'delivered'],
		])
		// Version 1 is staff's now: the customer's link to it no longer works.
		expect(await takeDownload(db(), order.token, first!.id, 'k')).toBeNull()

		// Version 2 was wrong: withdrawn with a reason, gone from the disk, version 1 is back.
		const [, second] = await db()
			.select()
			.from(orderFiles)
			.where(eq(orderFiles.orderId, order.id))
			.orderBy(orderFiles.createdAt)
		await withdrawOrderFile(services(), staff, order.id, second!.id, "Another customer's file")
		expect(await customerFiles(order.token)).toEqual([[named, 1]])
		expect(existsSync(path.join(deliveriesDirOf(documentsDir), second!.storedName))).toBe(false)
		const [withdrawn] = await db().select().from(orderFiles).where(eq(orderFiles.id, second!.id))
		expect(withdrawn).toMatchObject({ withdrawnBy: staff.name, withdrawnReason: "Another customer's file" })
		// The job's file it was a second name for is gone too: for staff, the translator and the disk.
		const [handedIn] = await db().select().from(jobFiles).where(eq(jobFiles.jobId, made.jobId))
		expect(handedIn!.deletedAt).not.toBeNull()
		expect(existsSync(path.join(deliveriesDirOf(documentsDir), handedIn!.storedName))).toBe(false)
		expect(await takeJobFileForStaff(services(), staff, made.jobId, handedIn!.id)).toBeNull()
		const asVera = { id: vera.id, userId: vera.userId, name: vera.name, locale: 'da', sessionId: 'test' }
		expect(await takeOwnJobFile(services(), asVera, made.jobId, handedIn!.id)).toBeNull()
		// Version 1, still the customer's, keeps its bytes and its job's file.
		expect(existsSync(path.join(deliveriesDirOf(documentsDir), first!.storedName))).toBe(true)
		const audit = await db()
			.select()
			.from(auditEvents)
			.where(eq(auditEvents.subjectId, String(order.id)))
		expect(audit.map((event) => event.summary)).toContainEqual(expect.stringContaining(`withdrew ${named}`))
	})

	test('a file approved before its job file was recorded is matched to it on the disk when withdrawn', async () => {
		const otto = await translator('Otto Older')
		const { order, translationJob } = await revisionAsked(otto)
		const [file] = await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
		await db().update(orderFiles).set({ jobFileId: null }).where(eq(orderFiles.id, file!.id))
		await withdrawOrderFile(services(), staff, order.id, file!.id, 'Wrong file')
		const [handedIn] = await db().select().from(jobFiles).where(eq(jobFiles.jobId, translationJob))
		expect(handedIn!.deletedAt).not.toBeNull()
		expect(existsSync(path.join(deliveriesDirOf(documentsDir), handedIn!.storedName))).toBe(false)
	})

	test('the PM chooses the set: a file left out waits, and one added to a delivered order reaches the customer when handed over', async () => {
		const wim = await translator('Wim Choice')
		const { order } = await revisionAsked(wim)
		await changeOrderStatus(services(), staff, order.id, 'in_progress')
		// A staff upload while the order is delivered again: left out of the next delivery by the PM.
		const { addOrderFile } = await import('#app/models/order/files.server.ts')
		const extra = await addOrderFile(services(), staff, order.id, multipartOf('glossary.txt', 'Terms.'), 1)
		await chooseDelivery(services(), staff, order.id, [])
		const refused = await changeOrderStatus(services(), staff, order.id, 'delivered').then(() => 'delivered')
		// The customer still has the first translation, so the delivery stands, without the glossary.
		expect(refused).toBe('delivered')
		const names = (await customerFiles(order.token)).map(([name]) => name)
		expect(names).not.toContain(extra.name)
		// Chosen afterwards and handed over: the customer has it, and the delivery mail again.
		await chooseDelivery(services(), staff, order.id, [extra.id])
		await deliverAddedFiles(services(), staff, order.id)
		expect((await customerFiles(order.token)).map(([name]) => name)).toContain(extra.name)
	})
})
