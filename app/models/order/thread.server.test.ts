import { mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { zipSync } from 'fflate'
import { jobMessages, mailJobs, orders, translators } from '#database/schema.ts'
import { UploadRefused } from '#app/models/documents/upload.server.ts'
import { createJob } from '#app/models/vendor/jobs.server.ts'
import { todoList } from '#app/models/vendor/todo.server.ts'
import { acceptOffer } from '#app/models/vendor/offers.server.ts'
import {
	attachmentOf,
	forwardedAttachmentOf,
	forwardMessage,
	keepAttachments,
	markCustomerHandled,
	postMessage,
	readMessageBody,
	refuseOverQuota,
	THREAD_MAIL_WINDOW_MS,
	threadOf,
} from '#app/models/order/thread.server.ts'
import { claimMail, finishMail } from '#app/models/mail/jobs.server.ts'
import { jobValues, makeTranslator, orderWithDocument } from '#tests/setup/vendor.ts'
import { setupOrderTests } from '#tests/setup/orders.ts'
import { testServices } from '#tests/setup/services.ts'

const { db, mails, staff } = setupOrderTests()
const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-thread-'))
const services = () =>
	testServices({ db: db(), documentsDir, sendMail: (mail) => void mails.push(mail), publicUrl: 'http://tolk.test' })
const customer = { kind: 'customer' as const, name: 'Ida Holm', email: 'ida@example.dk' }

// A file as the multipart parser leaves it: on disk under a temporary name.
function uploaded(name: string, body: string | Uint8Array) {
	const file = path.join(mkdtempSync(path.join(tmpdir(), 'tolk-part-')), 'part')
	writeFileSync(file, body)
	return { field: 'files', filename: name, path: file, size: Buffer.byteLength(body) }
}

describe('an order’s thread with the agency', () => {
	test('a customer’s message waits on the PM’s list and is mailed to them; the answer is mailed to the customer and ends the wait', async () => {
		const { order } = await orderWithDocument(services())
		mails.length = 0
		const files = await keepAttachments(services(), [uploaded('rettelser.txt', 'Side 2: "Aps" skal være "ApS".')], 10)
		await postMessage(services(), order.id, customer, 'Vi har en rettelse til side 2.', files)
		const [waiting] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(waiting!.customerWaitingSince).not.toBeNull()
		const todo = await todoList(db(), { me: staff.id, scope: 'all' })
		expect(todo.items.customer.map((item) => item.reference)).toContain(order.reference)
		expect(mails[0]!.subject).toBe(`Besked fra kunden: ordre ${order.reference}`)
		expect(mails[0]!.replyTo).toBe('ida@example.dk')
		expect(mails[0]!.text).toContain('rettelser.txt')

		mails.length = 0
		await postMessage(services(), order.id, { kind: 'staff', id: staff.id, name: staff.name }, 'Tak, vi retter det.')
		const [answered] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(answered!.customerWaitingSince).toBeNull()
		expect((await todoList(db(), { me: staff.id, scope: 'all' })).items.customer).toEqual([])
		expect(mails[0]!.to).toBe('ida@example.dk')
		expect(mails[0]!.subject).toBe(`Svar om din ordre ${order.reference}`)
		expect(mails[0]!.text).toContain('Tak, vi retter det.')
		expect(mails[0]!.text).toMatch(/http:\/\/tolk\.test\/ordre\/[\w-]{32}#thread/)
		// Every customer mail says where the account is.
		expect(mails[0]!.text).toContain('Log ind med denne e-mailadresse: http://tolk.test/konto')

		const thread = await threadOf(db(), order.id)
		expect(thread.map((message) => [message.author, message.body])).toEqual([
			['customer', 'Vi har en rettelse til side 2.'],
			['staff', 'Tak, vi retter det.'],
		])
		// The file is the order's, and no other order's.
		const attachment = await attachmentOf(db(), order.id, files[0]!.id, documentsDir)
		expect(await readFile(attachment!.file, 'utf8')).toContain('ApS')
		expect(await attachmentOf(db(), order.id + 1, files[0]!.id, documentsDir)).toBeNull()

		await postMessage(services(), order.id, customer, 'Og en til.')
		expect(await markCustomerHandled(services(), order.id)).toBe(true)
		expect(await markCustomerHandled(services(), order.id)).toBe(false)
	})

	test('the translator sees a message only when the PM forwards it to their job, and then its files too', async () => {
		const anna = await makeTranslator(services(), staff, `Anna Thread ${Date.now()}`)
		const { order, documentId, deadline } = await orderWithDocument(services())
		const made = await createJob(services(), staff, order.id, jobValues(documentId, deadline, [anna.id]))
		if (!('jobId' in made)) throw new Error(JSON.stringify(made))
		const [row] = await db().select().from(translators).where(eq(translators.id, anna.id))
		await acceptOffer(services(), { id: anna.id, userId: row!.userId, name: anna.name }, made.jobId)
		const files = await keepAttachments(services(), [uploaded('ordliste.txt', 'kontrakt = contract')], 10)
		const message = await postMessage(services(), order.id, customer, 'Brug vores ordliste.', files)
		expect(await forwardedAttachmentOf(db(), anna.id, made.jobId, files[0]!.id, documentsDir)).toBeNull()

		const other = await orderWithDocument(services())
		expect(await forwardMessage(services(), staff, other.order.id, message.id, made.jobId)).toBe(false)
		expect(await forwardMessage(services(), staff, order.id, message.id, made.jobId)).toBe(true)
		const notes = await db().select().from(jobMessages).where(eq(jobMessages.jobId, made.jobId))
		expect(notes.at(-1)!.body).toContain('Fra kunden (Ida Holm):\n\nBrug vores ordliste.')
		expect(await forwardedAttachmentOf(db(), anna.id, made.jobId, files[0]!.id, documentsDir)).not.toBeNull()
		// Another translator, or another job of hers, gets nothing.
		expect(await forwardedAttachmentOf(db(), anna.id + 1, made.jobId, files[0]!.id, documentsDir)).toBeNull()
		expect(await forwardedAttachmentOf(db(), anna.id, made.jobId + 1, files[0]!.id, documentsDir)).toBeNull()
	})

	test('words and files are checked as uploads are: the length with its count, the kind, the content and a ZIP bomb', async () => {
		expect(readMessageBody('  Hej  ')).toEqual({ ok: true, body: 'Hej' })
		expect(readMessageBody('   ')).toMatchObject({ ok: false, reason: 'required' })
		expect(readMessageBody('x'.repeat(5001))).toEqual({ ok: false, reason: 'too-long', count: 5001 })
		const refusal = async (file: ReturnType<typeof uploaded>) => {
			const error = await keepAttachments(services(), [file], 1).catch((caught: unknown) => caught)
			return error instanceof UploadRefused ? error.refusal.reason : error
		}
		expect(await refusal(uploaded('virus.exe', 'MZ'))).toBe('type')
		expect(await refusal(uploaded('fake.pdf', 'not a pdf at all'))).toBe('content')
		expect(await refusal(uploaded('big.txt', 'x'.repeat(1024 * 1024 + 1)))).toBe('too-big')
		const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(300 * 1024 * 1024) }, { level: 9 })
		expect(await refusal(uploaded('bomb.docx', bomb))).toBe('bomb')
	})
})

describe('what a flood of messages costs', () => {
	const WINDOW = THREAD_MAIL_WINDOW_MS
	test('the agency gets the first message at once and what follows in the window as one mail at its end', async () => {
		const { order } = await orderWithDocument(services())
		await db().delete(mailJobs)
		mails.length = 0
		const start = new Date()
		for (const body of ['Første besked.', 'Anden besked.', 'Tredje besked.'])
			await postMessage(services(), order.id, customer, body)
		expect(mails.map((mail) => mail.text.match(/\S+ besked\./)?.[0])).toEqual(['Første besked.'])
		expect(await claimMail(db(), 60_000, new Date(start.getTime() + WINDOW - 60_000))).toBeNull()
		const digest = await claimMail(db(), 60_000, new Date(start.getTime() + WINDOW + 1000))
		expect(digest!.empty).toBeUndefined()
		expect(digest!.message.subject).toBe(`Besked fra kunden: ordre ${order.reference}`)
		expect(digest!.message.text).toMatch(/Flere beskeder fra kunden[^]*Anden besked\.[^]*Tredje besked\.[^]*#thread/)
		expect(digest!.message.text).not.toContain('Første besked.')
		await finishMail(db(), digest!.id)
		// A new window opens with the next message: at once again.
		await postMessage(services(), order.id, customer, 'Fjerde besked.')
		expect(mails).toHaveLength(2)
		// A window nothing joined ends without a mail; the customer's answers gather the same way.
		await postMessage(services(), order.id, { kind: 'staff', id: staff.id, name: staff.name }, 'Svar et.')
		await postMessage(services(), order.id, { kind: 'staff', id: staff.id, name: staff.name }, 'Svar to.')
		expect(mails.filter((mail) => mail.to === customer.email)).toHaveLength(1)
		const later = new Date(Date.now() + WINDOW + 1000)
		const due = [await claimMail(db(), 60_000, later), await claimMail(db(), 60_000, later)]
		expect(due.map((job) => Boolean(job?.empty)).sort()).toEqual([false, true])
		expect(due.find((job) => !job!.empty)!.message.text).toMatch(/Flere svar fra os[^]*Svar to\./)
	})

	test('a customer’s messages and files count against their address’s hour and the order’s thread, and a refused one keeps nothing', async () => {
		const { order } = await orderWithDocument(services())
		const quota = { filesPerHour: 4, bytesPerHour: 2 ** 30, filesPerOrder: 3, bytesPerOrder: 2 ** 30 }
		const sender = { addressKey: `flood-${order.id}`, quota }
		const attach = (n: number) => keepAttachments(services(), [uploaded(`bilag-${n}.txt`, `bilag ${n}`)], 10)
		await postMessage(services(), order.id, customer, 'En fil.', await attach(1), sender)
		// The thread holds three: the message and its file were two, another two is one too many.
		await expect(refuseOverQuota(db(), order.id, sender, [{ size: 10 }])).rejects.toMatchObject({
			refusal: { reason: 'quota', limit: 'order' },
		})
		const kept = await attach(2)
		const stored = path.join(documentsDir, 'messages', kept[0]!.storedName)
		await expect(postMessage(services(), order.id, customer, 'En fil til.', kept, sender)).rejects.toBeInstanceOf(
			UploadRefused,
		)
		await expect(readFile(stored)).rejects.toThrow()
		expect((await threadOf(db(), order.id)).map((message) => message.body)).toEqual(['En fil.'])
		// The address's hour counts every order it writes to (and its uploads).
		const { order: second } = await orderWithDocument(services())
		await postMessage(services(), second.id, customer, 'Et.', [], sender)
		await postMessage(services(), second.id, customer, 'To.', [], sender)
		await expect(refuseOverQuota(db(), second.id, sender, [])).rejects.toMatchObject({
			refusal: { reason: 'quota', limit: 'hour' },
		})
		// Staff write without a quota.
		await postMessage(services(), second.id, { kind: 'staff', id: staff.id, name: staff.name }, 'Svar.')
	})
})
