import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditEvents, jobs, orders, settings, users } from '#database/schema.ts'
import { todayInDenmark, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { suggestedDeadline } from '#app/models/vendor/deadline.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { requestRevision } from '#app/models/order/after-delivery.server.ts'
import { createJob } from '#app/models/vendor/jobs.server.ts'
import { acceptOffer, declineOffer } from '#app/models/vendor/offers.server.ts'
import { approveJob, postPmMessage } from '#app/models/vendor/review.server.ts'
import { addJobFile, markJobDone, postTranslatorMessage } from '#app/models/vendor/work.server.ts'
import { markMessageHandled, takeOver } from '#app/models/vendor/manager.server.ts'
import { todoList, type TodoKind } from '#app/models/vendor/todo.server.ts'
import { insertStaff, setupOrderTests } from '#tests/setup/orders.ts'
import { jobValues, makeTranslator, orderWithDocument } from '#tests/setup/vendor.ts'
import { multipartOf } from '#tests/setup/upload.ts'

const { db, mails, services: baseServices, staff } = setupOrderTests()
const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-todo-'))
afterAll(() => rmSync(documentsDir, { recursive: true, force: true }))
const services = () => ({ ...baseServices(), documentsDir })
const AGENCY = 'kontakt@tolk.example'

// Two project managers and a translator, as a small agency has them.
const anna = { id: 0, name: 'Anna PM' }
const bo = { id: 0, name: 'Bo PM' }
let tina = { id: 0, userId: 0, name: 'Tina Todo' }
beforeAll(async () => {
	for (const [pm, email] of [
		[anna, 'anna@tolk.test'],
		[bo, 'bo@tolk.test'],
	] as const) {
		pm.id = (await insertStaff(db(), email, pm.name)).id
		await db().update(users).set({ role: 'manager' }).where(eq(users.id, pm.id))
	}
	const made = await makeTranslator(services(), staff, tina.name, { rate: 0.8 })
	const [row] = await db().select({ userId: users.id }).from(users).where(eq(users.email, made.email))
	tina = { id: made.id, userId: row!.userId, name: tina.name }
})

async function jobBy(pm: { id: number; name: string }, words = 600) {
	const { order, documentId, deadline } = await orderWithDocument(services(), words, documentsDir)
	const made = await createJob(services(), pm, order.id, jobValues(documentId, deadline, [tina.id]))
	if (!('jobId' in made)) throw new Error(JSON.stringify(made))
	return { order, jobId: made.jobId }
}

// The keys of one kind on `pm`'s list ("job:12", "order:3").
async function listed(pm: { id: number }, kind: TodoKind, scope: 'mine' | 'all' | number = 'mine', now = new Date()) {
	const { items } = await todoList(db(), { me: pm.id, scope, now })
	return items[kind].map((item) => (item.jobId ? `job:${item.jobId}` : `order:${item.orderId}`))
}

async function handIn(jobId: number) {
	await acceptOffer(services(), tina, jobId)
	await addJobFile(services(), tina, jobId, multipartOf('oversat.txt', 'The translated contract.'), 1)
	await markJobDone(services(), tina, jobId, 'Done.')
}

describe("a PM's to-do list", () => {
	test('a job handed in waits for the PM who made it, who is mailed with the agency in copy', async () => {
		const { order, jobId } = await jobBy(anna)
		const [owned] = await db().select({ managerId: orders.managerId }).from(orders).where(eq(orders.id, order.id))
		expect(owned!.managerId).toBe(anna.id)
		mails.length = 0
		await handIn(jobId)
		expect(await listed(anna, 'review')).toContain(`job:${jobId}`)
		expect(await listed(bo, 'review')).not.toContain(`job:${jobId}`)
		expect(await listed(bo, 'review', 'all')).toContain(`job:${jobId}`)
		const handedIn = mails.find(
			(mail) => mail.subject.startsWith(`Job ${jobId} `) || mail.subject.startsWith(`Ingen tog job ${jobId} `),
		)
		expect(handedIn).toMatchObject({ to: 'anna@tolk.test', cc: AGENCY })
		await approveJob(services(), anna, jobId)
		expect(await listed(anna, 'review')).not.toContain(`job:${jobId}`)
	})

	test("a translator's message waits until the PM answers it or marks it handled", async () => {
		const { jobId } = await jobBy(anna)
		await acceptOffer(services(), tina, jobId)
		await postTranslatorMessage(services(), tina, jobId, 'Is "Vederlag" a fee or a payment here?')
		const { items } = await todoList(db(), { me: anna.id })
		const waiting = items.message.find((item) => item.jobId === jobId)
		expect(waiting).toMatchObject({ translator: tina.name, managerName: anna.name })
		// A second message keeps the first one's age: the translator has waited since then.
		await postTranslatorMessage(services(), tina, jobId, 'Found it, a fee.')
		const again = (await todoList(db(), { me: anna.id })).items.message.find((item) => item.jobId === jobId)
		expect(again!.since).toBe(waiting!.since)
		await postPmMessage(services(), anna, jobId, 'A fee, yes.')
		expect(await listed(anna, 'message')).not.toContain(`job:${jobId}`)

		await postTranslatorMessage(services(), tina, jobId, 'Thanks!')
		expect(await listed(anna, 'message')).toContain(`job:${jobId}`)
		expect(await markMessageHandled(services(), anna, jobId)).toBe(true)
		expect(await markMessageHandled(services(), anna, jobId)).toBe(false)
		expect(await listed(anna, 'message')).not.toContain(`job:${jobId}`)
	})

	test('a job past its deadline, and an offer every translator declined, are the PM’s', async () => {
		const { jobId } = await jobBy(bo)
		const [job] = await db().select({ deadline: jobs.deadline }).from(jobs).where(eq(jobs.id, jobId))
		const later = new Date(job!.deadline.getTime() + 3_600_000)
		expect(await listed(bo, 'late', 'mine', later)).toContain(`job:${jobId}`)
		expect(await listed(bo, 'late')).not.toContain(`job:${jobId}`)

		mails.length = 0
		expect(await declineOffer(services(), tina, jobId, 'Fully booked')).toBe('declined')
		expect(await listed(bo, 'untaken')).toContain(`job:${jobId}`)
		expect(await listed(anna, 'untaken')).not.toContain(`job:${jobId}`)
		expect(
			mails.find(
				(mail) => mail.subject.startsWith(`Job ${jobId} `) || mail.subject.startsWith(`Ingen tog job ${jobId} `),
			),
		).toMatchObject({ to: 'bo@tolk.test' })
	})

	test('an order due by the next working day with no approved job is nobody’s until taken, and then the taker’s', async () => {
		const { order } = await orderWithDocument(services(), 300)
		await db().update(orders).set({ dueDate: todayInDenmark() }).where(eq(orders.id, order.id))
		// Nobody's: on every PM's own list, with a way to take it.
		expect(await listed(anna, 'due')).toContain(`order:${order.id}`)
		expect(await listed(bo, 'due')).toContain(`order:${order.id}`)
		expect(await takeOver(services(), bo, { type: 'order', id: order.id })).toBe(true)
		expect(await listed(anna, 'due')).not.toContain(`order:${order.id}`)
		expect(await listed(bo, 'due')).toContain(`order:${order.id}`)
		expect(await listed(anna, 'due', bo.id)).toContain(`order:${order.id}`)
		const [audited] = await db()
			.select()
			.from(auditEvents)
			.where(and(eq(auditEvents.subjectType, 'order'), eq(auditEvents.subjectId, String(order.id))))
		expect(audited).toMatchObject({ userName: bo.name, summary: expect.stringContaining('taken over by Bo PM') })
		expect(await takeOver(services(), bo, { type: 'order', id: 999_999 })).toBe(false)
	})

	test('taking an order over takes its open jobs, and their mails follow; without the copy setting the agency gets none', async () => {
		const { order, jobId } = await jobBy(anna)
		await takeOver(services(), bo, { type: 'order', id: order.id })
		await db().update(settings).set({ copyAgencyOnJobMail: false })
		try {
			mails.length = 0
			await handIn(jobId)
			expect(await listed(bo, 'review')).toContain(`job:${jobId}`)
			expect(await listed(anna, 'review')).not.toContain(`job:${jobId}`)
			const handedIn = mails.find(
				(mail) => mail.subject.startsWith(`Job ${jobId} `) || mail.subject.startsWith(`Ingen tog job ${jobId} `),
			)
			expect(handedIn).toMatchObject({ to: 'bo@tolk.test' })
			expect(handedIn!.cc).toBeUndefined()
		} finally {
			await db().update(settings).set({ copyAgencyOnJobMail: true })
		}
	})

	test("a customer's revision request waits for the order's PM until a job works on it", async () => {
		const { order, jobId } = await jobBy(anna)
		await handIn(jobId)
		await approveJob(services(), anna, jobId)
		await changeOrderStatus(services(), anna, order.id, 'delivered')
		mails.length = 0
		expect(await requestRevision(services(), order.token, 'The table on page 3 is missing.')).toBe('requested')
		expect(await listed(anna, 'revision')).toContain(`order:${order.id}`)
		expect(mails.find((mail) => mail.subject.includes(order.reference))).toMatchObject({
			to: 'anna@tolk.test',
			cc: AGENCY,
		})
		const [source] = (await db().select({ ids: jobs.documentIds }).from(jobs).where(eq(jobs.id, jobId)))[0]!.ids
		const deadline = suggestedDeadline(order.dueDate as CalendarDate)
		const fix = await createJob(services(), anna, order.id, {
			...jobValues(source!, deadline, [tina.id]),
			kind: 'proofreading',
		})
		expect(fix).toHaveProperty('jobId')
		expect(await listed(anna, 'revision')).not.toContain(`order:${order.id}`)
	})

	test('a job whose PM is no longer staff who may manage work mails the agency', async () => {
		const { jobId } = await jobBy(anna)
		await db().update(users).set({ role: 'editor' }).where(eq(users.id, anna.id))
		try {
			mails.length = 0
			await handIn(jobId)
			expect(
				mails.find(
					(mail) => mail.subject.startsWith(`Job ${jobId} `) || mail.subject.startsWith(`Ingen tog job ${jobId} `),
				),
			).toMatchObject({ to: AGENCY })
		} finally {
			await db().update(users).set({ role: 'manager' }).where(eq(users.id, anna.id))
		}
	})
})
