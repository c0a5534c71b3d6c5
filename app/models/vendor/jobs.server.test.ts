import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import {
	documents,
	jobFiles,
	jobOffers,
	jobs,
	JOB_STATUSES,
	orderFiles,
	orders,
	teamMembers,
	translators,
	type JobStatus,
} from '#database/schema.ts'
import { UploadRefused } from '#app/models/documents/upload.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { createJob } from '#app/models/vendor/jobs.server.ts'
import { removeOwnJobFile } from '#app/models/vendor/own-files.server.ts'
import { acceptOffer, declineOffer, expireOffers } from '#app/models/vendor/offers.server.ts'
import { approveJob, jobForStaff, returnJob } from '#app/models/vendor/review.server.ts'
import { todoList } from '#app/models/vendor/todo.server.ts'
import {
	addJobFile,
	jobForTranslator,
	markJobDone,
	takeJobSource,
	workOverview,
} from '#app/models/vendor/work.server.ts'
import { listPayables, markMonthPaid, payablesCsv, PayoutRefused } from '#app/models/vendor/payables.server.ts'
import { candidatesFor } from '#app/models/vendor/translators.server.ts'
import { csvWords } from '#app/models/csv-words.server.ts'
import {
	canMoveJob,
	JOB_TRANSITIONS,
	JobRefused,
	moveJob,
	OPEN_JOB_STATUSES,
} from '#app/models/vendor/job-status.server.ts'
import { setupOrderTests } from '#tests/setup/orders.ts'
import { jobValues, makeTranslator, orderWithDocument } from '#tests/setup/vendor.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { multipartOf } from '#tests/setup/upload.ts'

const { db, mails, services: baseServices, staff } = setupOrderTests()
const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-jobs-'))
afterAll(() => rmSync(documentsDir, { recursive: true, force: true }))
const services = () => ({ ...baseServices(), documentsDir })

// A translator as their signed-in session knows them.
async function person(name: string, rate?: number, teamMemberId: number | null = null) {
	const made = await makeTranslator(services(), staff, name, { rate, teamMemberId })
	const [row] = await db().select().from(translators).where(eq(translators.id, made.id))
	return { id: row!.id, userId: row!.userId, name }
}

const upload = multipartOf

describe('the job state table', () => {
	test('every status is reached from open, approved and cancelled end it, and every open job can be cancelled', () => {
		const reached = new Set<JobStatus>(['open'])
		for (let grown = true; grown;) {
			grown = false
			for (const from of [...reached])
				for (const to of JOB_TRANSITIONS[from]) if (!reached.has(to)) grown = Boolean(reached.add(to))
		}
		expect([...reached].sort()).toEqual([...JOB_STATUSES].sort())
		expect(JOB_TRANSITIONS.approved).toEqual([])
		expect(JOB_TRANSITIONS.cancelled).toEqual([])
		for (const status of OPEN_JOB_STATUSES) expect(canMoveJob(status, 'cancelled')).toBe(true)
	})

	test('a step the table does not allow is refused with the state reason, and nothing changes', async () => {
		const ole = await person('Ole Steps', 0.8)
		const { order, documentId, deadline } = await orderWithDocument(services(), 300)
		const made = await createJob(services(), staff, order.id, jobValues(documentId, deadline, [ole.id]))
		if (!('jobId' in made)) throw new Error('not made')
		await expect(approveJob(services(), staff, made.jobId)).rejects.toEqual(new JobRefused('state'))
		// Not theirs until accepted; once accepted, handing in without a translation is its own reason.
		expect(await markJobDone(services(), ole, made.jobId, '')).toBeNull()
		await acceptOffer(services(), ole, made.jobId)
		await expect(markJobDone(services(), ole, made.jobId, '')).rejects.toMatchObject({ reason: 'no-file' })
		await expect(db().transaction((tx) => moveJob(tx, made.jobId, 'done'))).rejects.toMatchObject({
			reason: 'state',
		})
		const [row] = await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, made.jobId))
		expect(row!.status).toBe('accepted')
	})
})

describe('a job from offer to payable', () => {
	test("the first job's taker, when on the about page, becomes the order's translator", async () => {
		const [member] = await db().select().from(teamMembers).limit(1)
		const fie = await person('Fie Jobs', 0.8, member!.id)
		const { order, documentId, deadline } = await orderWithDocument(services(), 400)
		const made = await createJob(services(), staff, order.id, jobValues(documentId, deadline, [fie.id]))
		if (!('jobId' in made)) throw new Error('not made')
		mails.length = 0
		expect(await acceptOffer(services(), fie, made.jobId)).toBe('accepted')
		const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(row!.translatorId).toBe(member!.id)
		// The order follows its job: in progress once a translator took it, and the customer told so.
		expect(row!.status).toBe('in_progress')
		expect(mails.filter((mail) => mail.to === 'ida@example.dk').map((mail) => mail.text)).toEqual([
			expect.stringContaining('Status: I gang'),
		])
	})

	test('a job with more documents than files is approved only with the files the PM confirms', async () => {
		const ella = await person('Ella Fewer', 0.8)
		const { order, documentId, deadline } = await orderWithDocument(services(), 900, documentsDir)
		const [first] = await db().select().from(documents).where(eq(documents.id, documentId))
		const second = randomUUID()
		await db()
			.insert(documents)
			.values({ ...first!, id: second, name: 'bilag.docx', storedName: `${second}.docx`, createdAt: new Date() })
		const values = { ...jobValues(documentId, deadline, [ella.id]), documentIds: [documentId, second] }
		const made = await createJob(services(), staff, order.id, values)
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		await acceptOffer(services(), ella, made.jobId)
		await addJobFile(services(), ella, made.jobId, upload('kontrakt-en.txt', 'One.'), 1)
		await addJobFile(services(), ella, made.jobId, upload('bilag-en.txt', 'Two.'), 1)
		await markJobDone(services(), ella, made.jobId, '')
		await returnJob(services(), staff, made.jobId, 'Clause 3 is missing.')
		await addJobFile(services(), ella, made.jobId, upload('kontrakt-en-v2.txt', 'One, fixed.'), 1)
		await markJobDone(services(), ella, made.jobId, '')

		// Two documents, one new file: not approved as it stands.
		await expect(approveJob(services(), staff, made.jobId)).rejects.toMatchObject({ reason: 'fewer-files' })
		await expect(approveJob(services(), staff, made.jobId, { fileIds: [] })).rejects.toMatchObject({
			reason: 'fewer-files',
		})
		expect(await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))).toHaveLength(0)
		// The PM keeps the earlier annex with the new contract.
		const files = await db().select().from(jobFiles).where(eq(jobFiles.jobId, made.jobId))
		const chosen = files.filter((file) => file.name !== 'kontrakt-en.txt').map((file) => file.id)
		// Each is named after its source document in the target language, whatever it was handed in as.
		expect(await approveJob(services(), staff, made.jobId, { fileIds: chosen })).toEqual(
			expect.arrayContaining(['bilag.en.txt', 'kontrakt.en.txt']),
		)
		const [job] = await db().select().from(jobs).where(eq(jobs.id, made.jobId))
		expect(job).toMatchObject({ status: 'approved', fewerFilesConfirmedBy: null })
		expect(
			(await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))).map((file) => file.name).sort(),
		).toEqual(['bilag.en.txt', 'kontrakt.en.txt'])
	})

	test('a file uploaded by mistake is removed by its translator before hand-in, never after and never another’s', async () => {
		const gry = await person('Gry Removes', 0.8)
		const hal = await person('Hal Other', 0.8)
		const { order, documentId, deadline } = await orderWithDocument(services(), 400, documentsDir)
		const made = await createJob(services(), staff, order.id, jobValues(documentId, deadline, [gry.id]))
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		await acceptOffer(services(), gry, made.jobId)
		const wrong = await addJobFile(services(), gry, made.jobId, upload('wrong-order.txt', 'Not this one.'), 1)
		const right = await addJobFile(services(), gry, made.jobId, upload('kontrakt-en.txt', 'This one.'), 1)
		const stored = path.join(deliveriesDirOf(documentsDir), wrong!.storedName)
		expect(readFileSync(stored, 'utf8')).toBe('Not this one.')

		expect(await removeOwnJobFile(services(), hal, made.jobId, wrong!.id)).toBeNull()
		expect(await removeOwnJobFile(services(), gry, made.jobId, wrong!.id)).toEqual({ name: 'wrong-order.txt' })
		expect(existsSync(stored)).toBe(false)
		expect((await jobForTranslator(services(), gry, made.jobId))?.files.map((file) => file.name)).toEqual([
			'kontrakt-en.txt',
		])
		expect((await jobForStaff(services(), made.jobId))?.messages.map((message) => message.body)).toContain(
			'removed:wrong-order.txt',
		)
		// Gone once: a second try finds nothing.
		expect(await removeOwnJobFile(services(), gry, made.jobId, wrong!.id)).toBeNull()

		await markJobDone(services(), gry, made.jobId, '')
		await expect(removeOwnJobFile(services(), gry, made.jobId, right!.id)).rejects.toMatchObject({ reason: 'state' })
		expect((await jobForTranslator(services(), gry, made.jobId))?.files).toHaveLength(1)
	})

	test('fewer files than documents, confirmed, is kept on the job with who confirmed it', async () => {
		const finn = await person('Finn Fewer', 0.8)
		const { order, documentId, deadline } = await orderWithDocument(services(), 700, documentsDir)
		const [first] = await db().select().from(documents).where(eq(documents.id, documentId))
		const second = randomUUID()
		await db()
			.insert(documents)
			.values({ ...first!, id: second, name: 'bilag.docx', storedName: `${second}.docx`, createdAt: new Date() })
		const values = { ...jobValues(documentId, deadline, [finn.id]), documentIds: [documentId, second] }
		const made = await createJob(services(), staff, order.id, values)
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		await acceptOffer(services(), finn, made.jobId)
		await addJobFile(services(), finn, made.jobId, upload('both-in-one-en.txt', 'Both.'), 1)
		await markJobDone(services(), finn, made.jobId, 'Both documents are in one file.')
		const [file] = await db().select().from(jobFiles).where(eq(jobFiles.jobId, made.jobId))
		await approveJob(services(), staff, made.jobId, { fileIds: [file!.id] })
		const [job] = await db().select().from(jobs).where(eq(jobs.id, made.jobId))
		expect(job).toMatchObject({ status: 'approved', fewerFilesConfirmedBy: staff.name })
	})

	test('is offered to two, taken by the first to accept, handed in, returned, handed in again, approved and owed', async () => {
		const anna = await person('Anna Jobs', 0.8)
		const bo = await person('Bo Jobs', 0.9)
		const { order, documentId, deadline } = await orderWithDocument(services(), 1500, documentsDir)
		// Bo reads his mail in English.
		await db().update(translators).set({ locale: 'en' }).where(eq(translators.id, bo.id))

		const candidates = await candidatesFor(db(), { from: 'da', to: 'en' }, 1500)
		expect(candidates.find((c) => c.id === anna.id)).toMatchObject({ fee: 1200, openWords: 0 })
		const made = await createJob(services(), staff, order.id, jobValues(documentId, deadline, [anna.id, bo.id]))
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		const jobId = made.jobId
		expect(mails.filter((mail) => mail.subject.includes(order.reference)).map((mail) => mail.to)).toEqual(
			expect.arrayContaining(['anna.jobs@translators.test', 'bo.jobs@translators.test']),
		)
		// Each can decide from the mail alone, in their own language: pair, words, deadline, own fee, answer-by.
		const offerTo = (to: string) => mails.find((mail) => mail.to === to && mail.subject.includes(order.reference))!
		const [stored] = await db().select({ deadline: jobs.deadline }).from(jobs).where(eq(jobs.id, jobId))
		const when = (locale: 'da' | 'en') => formatDateTime(stored!.deadline, locale)
		const annasOffer = offerTo('anna.jobs@translators.test')
		expect(annasOffer.subject).toBe(
			`Jobtilbud: Dansk → Engelsk, 1.500 ord, frist ${when('da')} (ordre ${order.reference})`,
		)
		expect(annasOffer.text).toContain(`Ord: 1.500\nFrist: ${when('da')}\nDit honorar: 1.200,00\u00a0kr.\nSvar senest: `)
		const bosOffer = offerTo('bo.jobs@translators.test')
		expect(bosOffer.subject).toBe(
			`Job offer: Danish → English, 1,500 words, due ${when('en')} (order ${order.reference})`,
		)
		expect(bosOffer.text).toContain(`Words: 1,500\nDeadline: ${when('en')}\nYour fee: DKK\u00a01,350.00\nAnswer by: `)

		// Both see the offer, with their own fee and nothing of the customer.
		const offered = await jobForTranslator(services(), bo, jobId)
		expect(offered?.job.fee).toBe(1350)
		expect(JSON.stringify(offered)).not.toMatch(/Ida Holm|ida@example\.dk|20 30 40 50/)
		expect(offered?.sources.map((source) => source.id)).toEqual([documentId])

		expect(await acceptOffer(services(), anna, jobId)).toBe('accepted')
		// Who else was offered it is the PM's to know, not Anna's.
		const seen = await jobForTranslator(services(), anna, jobId)
		expect(seen?.messages.map((message) => message.body)).toEqual(['accepted'])
		expect((await jobForStaff(services(), jobId))?.messages.map((message) => message.body)).toEqual([
			'offered:Anna Jobs, Bo Jobs',
			'accepted',
		])
		// Bo is told by mail, in his language, and his page says it was taken rather than dropping it.
		const taken = mails.filter((mail) => mail.to === 'bo.jobs@translators.test' && mail.subject.includes('taken'))
		expect(taken.map((mail) => mail.subject)).toEqual([`Job offer taken: order ${order.reference}`])
		expect(taken[0]!.text).toContain('Danish → English')
		expect(mails.some((mail) => mail.to === 'anna.jobs@translators.test' && /taget|taken/.test(mail.subject))).toBe(
			false,
		)
		const bosPage = await workOverview(services(), bo)
		expect(bosPage.offers).toEqual([])
		expect(bosPage.taken.map((offer) => offer.id)).toEqual([jobId])
		expect((await workOverview(services(), anna)).taken).toEqual([])
		expect(await acceptOffer(services(), bo, jobId)).toBe('taken')
		expect(await jobForTranslator(services(), bo, jobId)).toBeNull()
		const offers = await db().select().from(jobOffers).where(eq(jobOffers.jobId, jobId))
		expect(Object.fromEntries(offers.map((offer) => [offer.translatorId, offer.status]))).toEqual({
			[anna.id]: 'accepted',
			[bo.id]: 'withdrawn',
		})

		// Bo cannot reach the source; Anna can, and that starts the job.
		expect(await takeJobSource(services(), bo, jobId, documentId)).toBeNull()
		const source = await takeJobSource(services(), anna, jobId, documentId)
		expect(readFileSync(source!.file, 'utf8')).toContain('Kontrakt')
		expect((await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]!.status).toBe('in_progress')

		// Checked like a customer's upload; nothing handed in without a file.
		await expect(addJobFile(services(), anna, jobId, upload('virus.exe', 'MZ'), 1)).rejects.toBeInstanceOf(
			UploadRefused,
		)
		expect(await addJobFile(services(), bo, jobId, upload('bo.txt', 'Not mine.'), 1)).toBeNull()
		await addJobFile(services(), anna, jobId, upload('contract-en.txt', 'First draft.'), 1)
		await markJobDone(services(), anna, jobId, 'Please check the names.')
		await returnJob(services(), staff, jobId, 'Clause 3 is missing.')
		await expect(markJobDone(services(), anna, jobId, '')).rejects.toBeInstanceOf(JobRefused)
		await addJobFile(services(), anna, jobId, upload('contract-en-v2.txt', 'Final translation.'), 1)
		await markJobDone(services(), anna, jobId, '')
		expect(await approveJob(services(), staff, jobId)).toEqual(['kontrakt.en.txt'])

		// The approved file is the order's, ready for the delivery (named after its source, the name it
		// was handed in under kept); the fee is owed for the month.
		const delivered = await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
		const file = delivered.find((row) => row.originalName === 'contract-en-v2.txt')!
		expect(file.name).toBe('kontrakt.en.txt')
		expect(readFileSync(path.join(deliveriesDirOf(documentsDir), file.storedName), 'utf8')).toBe('Final translation.')
		// The order's file stands on its own: the translator's copy going does not take it along.
		const [handedIn] = await db().select().from(jobFiles).where(eq(jobFiles.name, 'contract-en-v2.txt'))
		rmSync(path.join(deliveriesDirOf(documentsDir), handedIn!.storedName))
		expect(readFileSync(path.join(deliveriesDirOf(documentsDir), file.storedName), 'utf8')).toBe('Final translation.')
		const owed = (await listPayables(db())).rows.find((row) => row.translatorId === anna.id)
		expect(owed).toMatchObject({ jobs: 1, amount: 1200, words: 1500 })
		const overview = await workOverview(services(), anna)
		expect(overview.earnings[0]).toMatchObject({ amount: 1200, paidAt: null })
		await expect(markMonthPaid(services(), staff, anna.id, owed!.month)).rejects.toBeInstanceOf(PayoutRefused)
		// The accountant's CSV: one row per approved job, the same sum.
		let csv = ''
		for await (const part of payablesCsv(db())) csv += part
		const [header, ...rows] = csv.trimEnd().split('\r\n')
		expect(header).toBe('month;translator;email;job;order;kind;pair;words;minutes;approved;fee;paid_on')
		// The accountant's Danish variant: the same rows, headers and kinds in words.
		let danish = ''
		for await (const part of payablesCsv(db(), csvWords('da', 'payables'))) danish += part
		const [danishHeader, ...danishRows] = danish.trimEnd().split('\r\n')
		expect(danishHeader).toBe(
			'Måned;Oversætter;E-mail;Opgave;Ordre;Type;Sprogpar;Ord;Minutter;Godkendt;Honorar;Betalt den',
		)
		expect(danishRows).toHaveLength(rows.length)
		expect(danishRows.find((line) => line.includes('Anna Jobs'))).toContain(';Oversættelse;')
		const annas = rows.map((line) => line.split(';')).filter((cells) => cells[1] === 'Anna Jobs')
		expect(annas).toEqual([
			[
				owed!.month,
				'Anna Jobs',
				'anna.jobs@translators.test',
				String(jobId),
				order.reference,
				'translation',
				'da>en',
				'1500',
				'0',
				expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
				'1200,00',
				'',
			],
		])

		// Once the month is over the bookkeeper pays it, on a day and with the transfer's reference:
		// never a day ahead, and Anna gets a remittance advice with the job behind the total.
		const nextMonth = new Date(Date.now() + 40 * 86_400_000)
		const paidOn = todayInDenmark(nextMonth)
		await expect(
			markMonthPaid(services(), staff, anna.id, owed!.month, { paidOn: '2099-01-01' }, nextMonth),
		).rejects.toMatchObject({ reason: 'date' })
		mails.length = 0
		// The day paid left out is the day it is marked.
		await markMonthPaid(services(), staff, anna.id, owed!.month, { reference: 'NETS 4471' }, nextMonth)
		const advice = mails.find((mail) => mail.to === 'anna.jobs@translators.test')!
		expect(advice.subject).toMatch(/^Betaling for \p{L}+ \d{4}: 1\.200,00\skr\.$/u)
		expect(advice.text).toMatch(new RegExp(`${order.reference} \\(da→en\\): 1\\.500 · 1\\.200,00\\skr\\.`))
		expect(advice.text).toContain('Reference: NETS 4471')
		const paid = (await listPayables(db(), owed!.month)).rows.find((row) => row.translatorId === anna.id)
		expect(paid).toMatchObject({ paidOn, paymentReference: 'NETS 4471' })
		expect(paid!.paidFor.map((job) => job.id)).toEqual([jobId])
	})

	test("refuses a deadline outside working hours or after the customer's date, a fixed fee without a reason, and a translator outside the pair", async () => {
		const cato = await person('Cato Jobs')
		const { order, documentId } = await orderWithDocument(services(), 800)
		const due = order.dueDate
		const result = await createJob(services(), staff, order.id, {
			...jobValues(documentId, `${due}T15:00`, [cato.id, 999_999], { fixedFee: 500 }),
		})
		expect(result).toEqual({
			errors: {
				deadline: 'errors.deadline.afterDue',
				feeReason: 'errors.feeReason',
				translatorIds: 'errors.jobTranslators',
			},
		})
		const night = await createJob(services(), staff, order.id, jobValues(documentId, '2030-01-01T22:00', [cato.id]))
		expect(night).toMatchObject({ errors: { deadline: 'errors.deadline.notWorkingDay' } })
	})

	test('a declined and an expired offer leave the job open for the PM, who is told and finds it on the to-do list', async () => {
		const dora = await person('Dora Jobs')
		const emil = await person('Emil Jobs')
		const { order, documentId, deadline } = await orderWithDocument(services(), 500)
		const made = await createJob(services(), staff, order.id, jobValues(documentId, deadline, [dora.id, emil.id]))
		if (!('jobId' in made)) throw new Error('not made')
		expect(await declineOffer(services(), dora, made.jobId, 'On holiday')).toBe('declined')
		expect(await declineOffer(services(), dora, made.jobId, 'Again')).toBe('gone')
		mails.length = 0
		expect(await expireOffers(services(), new Date(Date.now() + 49 * 3_600_000))).toBeGreaterThanOrEqual(1)
		expect(await acceptOffer(services(), emil, made.jobId)).toBe('gone')
		expect((await db().select().from(jobs).where(eq(jobs.id, made.jobId)))[0]!.status).toBe('open')
		expect(mails.some((mail) => mail.subject.includes(`${made.jobId}`) && mail.to === 'kontakt@tolk.example')).toBe(
			true,
		)
		const { items } = await todoList(db(), { me: staff.id, scope: 'all' })
		expect(items.untaken.map((item) => item.jobId)).toContain(made.jobId)
	})
})

describe('repeated words', () => {
	test("pay each translator by their rule, shown on the offer: the customer's share, their own, or in full", async () => {
		const { order, documentId, deadline } = await orderWithDocument(services(), 2000, documentsDir)
		await db().update(documents).set({ repeatedWords: 500 }).where(eq(documents.id, documentId))
		const [customerShare, own, full] = await Promise.all([
			makeTranslator(services(), staff, 'Rita Repeat', { repetitionRule: 'customer' }),
			makeTranslator(services(), staff, 'Otto Own', { repetitionRule: 'own', repetitionOwnPercent: 50 }),
			makeTranslator(services(), staff, 'Fie Full', { repetitionRule: 'full' }),
		])
		mails.length = 0
		const made = await createJob(
			services(),
			staff,
			order.id,
			jobValues(documentId, deadline, [customerShare.id, own.id, full.id]),
		)
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		// 1,500 new words at 0.80, and 500 repeated at 30 % (the customer's discount), 50 % or 100 % of it.
		const offers = await db().select().from(jobOffers).where(eq(jobOffers.jobId, made.jobId))
		const byTranslator = new Map(offers.map((offer) => [offer.translatorId, [offer.fee, offer.repetitionPercent]]))
		expect(byTranslator.get(customerShare.id)).toEqual([1320, 30])
		expect(byTranslator.get(own.id)).toEqual([1400, 50])
		expect(byTranslator.get(full.id)).toEqual([1600, 100])
		const mailTo = (email: string) => mails.find((mail) => mail.to === email)!.text
		expect(mailTo(customerShare.email)).toContain('Ord: 2.000, heraf 500 gentagne ord til 30\u00a0% af din takst\n')
		expect(mailTo(full.email)).toContain('Ord: 2.000\n')
		// Her offer on her page says the same.
		const [rita] = await db().select().from(translators).where(eq(translators.id, customerShare.id))
		const me = { id: rita!.id, userId: rita!.userId, name: 'Rita Repeat', locale: 'da', sessionId: '' }
		const overview = await workOverview(services(), me)
		expect(overview.offers.find((offer) => offer.id === made.jobId)).toMatchObject({
			words: 2000,
			repeatedWords: 500,
			repetitionPercent: 30,
			fee: 1320,
		})
	})
})
