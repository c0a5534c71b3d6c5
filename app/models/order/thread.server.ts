import { randomUUID } from 'node:crypto'
import { copyFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { jobMessages, jobs, orderMessages, orders, translators, type MessageAttachment } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import type { UploadedFile } from '#app/models/uploaded-file.ts'
import { ACCEPTED_EXTENSIONS } from '#app/models/documents/present.ts'
import { hasContentOf } from '#app/models/documents/content-type.server.ts'
import { MIB, UploadRefused } from '#app/models/documents/upload.server.ts'
import { lockThreadQuota, threadQuotaProblem, type UploadQuota } from '#app/models/documents/quota.server.ts'
import { gatherIntoDigest } from '#app/models/mail/jobs.server.ts'
import { removeKept } from '#app/models/files/store.server.ts'
import { declaredExpansion, isBomb } from '#app/models/wordcount/archive.server.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { announceJob } from '#app/models/vendor/notify.server.ts'
import { managerRecipients } from '#app/models/vendor/manager.server.ts'
import { customerSignoff, mailText } from '#app/models/mail-text.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { typedText } from '#app/models/request/form.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'

export const MESSAGE_MAX_CHARS = 5000
export const MESSAGE_MAX_FILES = 5
// Mails about an order's thread go one per order and direction in this long: the first at once,
// what follows in one mail at its end.
export const THREAD_MAIL_WINDOW_MS = 5 * 60 * 1000

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl' | 'documentsDir' | 'files'>
export type ThreadAuthor =
	{ kind: 'customer'; name: string; email: string } | { kind: 'staff'; id: number; name: string }

export const messagesDirOf = (documentsDir: string) => path.join(documentsDir, 'messages')

const BodySchema = typedText(
	z.string().trim().min(1, 'required').max(MESSAGE_MAX_CHARS, 'too-long'),
) as z.ZodType<string>

export type MessageRefusal = { reason: 'required' | 'too-long'; count: number }

// What was typed, or why it cannot be sent (with its length, so the page can say by how much).
export function readMessageBody(value: string): { ok: true; body: string } | ({ ok: false } & MessageRefusal) {
	const parsed = BodySchema.safeParse(value)
	if (parsed.success) return { ok: true, body: parsed.data }
	const reason = parsed.error.issues[0]?.message === 'too-long' ? 'too-long' : 'required'
	return { ok: false, reason, count: value.trim().length }
}

// The files sent with a message, checked as customers' documents are (kind, content, size, what a
// ZIP-based file unpacks to) and kept in the messages folder. Nothing is kept when one is refused.
export async function keepAttachments(
	services: Pick<AppServices, 'documentsDir' | 'files'>,
	uploaded: UploadedFile[],
	limitMib: number,
): Promise<MessageAttachment[]> {
	const files = uploaded.filter((file) => file.size > 0 || file.filename)
	for (const file of files) await checkAttachment(file, limitMib)
	const directory = messagesDirOf(services.documentsDir)
	await mkdir(directory, { recursive: true })
	const kept: MessageAttachment[] = []
	for (const file of files) {
		const id = randomUUID()
		const storedName = `${id}.${extensionOf(file.filename)}`
		const target = path.join(directory, storedName)
		await copyFile(file.path, target)
		await services.files.publish(target)
		kept.push({ id, name: file.filename, size: file.size, storedName })
	}
	return kept
}

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase()

async function checkAttachment(file: UploadedFile, limitMib: number) {
	const extension = extensionOf(file.filename)
	if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)) throw new UploadRefused({ reason: 'type' })
	if (file.size === 0) throw new UploadRefused({ reason: 'missing' })
	if (file.size > limitMib * MIB)
		throw new UploadRefused({ reason: 'too-big', sizeMib: Math.round((file.size / MIB) * 10) / 10, limitMib })
	if (!(await hasContentOf(file.path, extension))) throw new UploadRefused({ reason: 'content' })
	const expansion = await declaredExpansion(file.path)
	if (expansion && isBomb(expansion)) throw new UploadRefused({ reason: 'bomb' })
}

// What a customer's message would take of their address's hour and the order's thread, and
// whether it fits; `sent` is where it came from (its address key) and the quota it counts against.
export type Sender = { addressKey: string; quota: UploadQuota }
const wantedBy = (sender: Sender, orderId: number, files: { size: number }[]) => ({
	orderId,
	ipHash: sender.addressKey,
	quota: sender.quota,
	files: 1 + files.length,
	bytes: files.reduce((total, file) => total + file.size, 0),
})

// Said before anything is kept: whether a customer's message with these files passes the quota.
export async function refuseOverQuota(db: Database, orderId: number, sender: Sender, files: { size: number }[]) {
	const problem = await threadQuotaProblem(db, wantedBy(sender, orderId, files))
	if (problem) throw new UploadRefused({ reason: 'quota', ...problem })
}

// A message in the order's thread. A customer's waits on the PM's to-do list (and is mailed to
// them) until staff answer; staff's answer is mailed to the customer (either mail one per window,
// THREAD_MAIL_WINDOW_MS). A customer's counts against their address's upload quota and the order's:
// checked again under a lock, and refused with its attachments removed. Open pages of the order
// (the customer's, the account's, staff's) show it at once.
export async function postMessage(
	services: Services,
	orderId: number,
	author: ThreadAuthor,
	body: string,
	attachments: MessageAttachment[] = [],
	sender: Sender | null = null,
) {
	const { db } = services
	const [message] = await db
		.transaction(async (tx) => {
			if (sender) {
				await lockThreadQuota(tx, orderId, sender.addressKey)
				const problem = await threadQuotaProblem(tx, wantedBy(sender, orderId, attachments))
				if (problem) throw new UploadRefused({ reason: 'quota', ...problem })
			}
			const inserted = await tx
				.insert(orderMessages)
				.values({
					orderId,
					author: author.kind,
					authorName: author.name,
					customerEmail: author.kind === 'customer' ? author.email : null,
					userId: author.kind === 'staff' ? author.id : null,
					body,
					attachments,
					addressKey: sender?.addressKey ?? null,
				})
				.returning()
			await tx
				.update(orders)
				.set({
					customerWaitingSince:
						author.kind === 'customer' ? sql`coalesce(${orders.customerWaitingSince}, now())` : null,
				})
				.where(eq(orders.id, orderId))
			return inserted
		})
		.catch(async (error: unknown) => {
			await removeAttachments(services, attachments)
			throw error
		})
	await announceOrder(services, orderId)
	if (author.kind === 'customer') await mailManager(services, orderId, author, body, attachments)
	else await mailCustomer(services, orderId, body, attachments)
	return message!
}

async function removeAttachments(services: Pick<Services, 'documentsDir' | 'files'>, attachments: MessageAttachment[]) {
	const directory = messagesDirOf(services.documentsDir)
	for (const file of attachments) await removeKept(services.files, path.join(directory, file.storedName))
}

async function mailManager(
	services: Services,
	orderId: number,
	author: { name: string; email: string },
	body: string,
	attachments: MessageAttachment[],
) {
	const [order] = await services.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, orderId))
	const reference = order!.reference
	const recipients = await managerRecipients(services.db, { type: 'order', id: orderId })
	const subject = mailText('da', 'mail.thread.agencySubject', { reference })
	const item = joined([
		mailText('da', 'mail.thread.agencyLead', { name: author.name, email: author.email, reference }),
		body,
		attachmentLines('da', attachments),
	])
	const link = `${services.publicUrl}/admin/orders/${orderId}#thread`
	const digest = {
		...recipients,
		replyTo: author.email,
		subject,
		head: mailText('da', 'mail.thread.agencyMore', { reference }),
		foot: link,
	}
	const gathered = await gatherIntoDigest(services.db, `thread:${orderId}:agency`, digest, item, THREAD_MAIL_WINDOW_MS)
	if (gathered === 'first')
		services.sendMail({ ...recipients, replyTo: author.email, subject, text: joined([item, link]) })
}

async function mailCustomer(services: Services, orderId: number, body: string, attachments: MessageAttachment[]) {
	const [order] = await services.db.select().from(orders).where(eq(orders.id, orderId))
	if (!order || order.customer.erasedAt || !order.customer.email) return
	const settings = await getSettings(services.db)
	const locale = order.locale as Locale
	const { reference } = order
	const url = `${services.publicUrl}${pathFor('orderStatus', locale, { token: order.token })}#thread`
	const greeting = mailText(locale, 'mail.request.greeting', { name: order.customer.name })
	const item = joined([body, attachmentLines(locale, attachments)])
	const foot = joined([
		mailText(locale, 'mail.thread.link', { url }),
		customerSignoff(services.publicUrl, locale, settings.agencyName),
	])
	const header = {
		to: order.customer.email,
		replyTo: settings.email,
		subject: mailText(locale, 'mail.thread.subject', { reference }),
	}
	const head = joined([greeting, mailText(locale, 'mail.thread.more', { reference })])
	const gathered = await gatherIntoDigest(
		services.db,
		`thread:${orderId}:customer`,
		{ ...header, head, foot },
		item,
		THREAD_MAIL_WINDOW_MS,
	)
	if (gathered === 'first')
		services.sendMail({
			...header,
			text: joined([greeting, mailText(locale, 'mail.thread.lead', { reference }), item, foot]),
		})
}

const joined = (parts: string[]) => parts.filter(Boolean).join('\n\n')

const attachmentLines = (locale: Locale, attachments: MessageAttachment[]) =>
	attachments.length
		? [mailText(locale, 'mail.thread.attachments'), ...attachments.map((file) => `- ${file.name}`)].join('\n')
		: ''

// The order's thread, oldest first.
export async function threadOf(db: Database, orderId: number) {
	const rows = await db
		.select()
		.from(orderMessages)
		.where(eq(orderMessages.orderId, orderId))
		.orderBy(asc(orderMessages.createdAt), asc(orderMessages.id))
	return rows.map((row) => ({
		id: row.id,
		author: row.author,
		authorName: row.authorName,
		body: row.body,
		attachments: row.attachments.map(({ id, name, size }) => ({ id, name, size })),
		forwardedJobId: row.forwardedJobId,
		createdAt: row.createdAt.toISOString(),
	}))
}

export type ThreadMessage = Awaited<ReturnType<typeof threadOf>>[number]

// One attachment of the order's thread, where it lies and its name; null when it is not the order's.
export async function attachmentOf(db: Database, orderId: number, attachmentId: string, documentsDir: string) {
	if (!/^[0-9a-f-]{36}$/.test(attachmentId)) return null
	const [row] = await db
		.select({ attachments: orderMessages.attachments })
		.from(orderMessages)
		.where(
			and(
				eq(orderMessages.orderId, orderId),
				sql`${orderMessages.attachments} @> ${JSON.stringify([{ id: attachmentId }])}::jsonb`,
			),
		)
	const found = row?.attachments.find((file) => file.id === attachmentId)
	return found ? { file: path.join(messagesDirOf(documentsDir), found.storedName), name: found.name } : null
}

// An attachment of a message the PM forwarded to this translator's job.
export async function forwardedAttachmentOf(
	db: Database,
	translatorId: number,
	jobId: number,
	attachmentId: string,
	documentsDir: string,
) {
	if (!/^[0-9a-f-]{36}$/.test(attachmentId)) return null
	const [row] = await db
		.select({ attachments: orderMessages.attachments })
		.from(orderMessages)
		.innerJoin(jobs, eq(jobs.id, orderMessages.forwardedJobId))
		.where(
			and(
				eq(jobs.id, jobId),
				eq(jobs.translatorId, translatorId),
				sql`${orderMessages.attachments} @> ${JSON.stringify([{ id: attachmentId }])}::jsonb`,
			),
		)
	const found = row?.attachments.find((file) => file.id === attachmentId)
	return found ? { file: path.join(messagesDirOf(documentsDir), found.storedName), name: found.name } : null
}

// The attachments of the messages forwarded to a job, for its translator's page.
export async function forwardedAttachments(db: Database, jobId: number) {
	const rows = await db
		.select({ attachments: orderMessages.attachments })
		.from(orderMessages)
		.where(and(eq(orderMessages.forwardedJobId, jobId), isNotNull(orderMessages.forwardedJobId)))
	return rows.flatMap((row) => row.attachments.map(({ id, name, size }) => ({ id, name, size })))
}

// The PM hands a customer's message to a job of the order: its words go into the job's thread,
// and the job's translator may download its attachments. Null when the job is not the order's.
export async function forwardMessage(
	services: Services,
	staff: { id: number; name: string },
	orderId: number,
	messageId: number,
	jobId: number,
) {
	const { db } = services
	const forwarded = await db.transaction(async (tx) => {
		const [job] = await tx
			.select({ id: jobs.id, userId: translators.userId })
			.from(jobs)
			.leftJoin(translators, eq(translators.id, jobs.translatorId))
			.where(and(eq(jobs.id, jobId), eq(jobs.orderId, orderId)))
		if (!job) return null
		const [message] = await tx
			.update(orderMessages)
			.set({ forwardedJobId: jobId })
			.where(and(eq(orderMessages.id, messageId), eq(orderMessages.orderId, orderId)))
			.returning()
		if (!message) return null
		const files = message.attachments.map((file) => file.name).join(', ')
		await tx.insert(jobMessages).values({
			jobId,
			author: 'pm',
			userName: staff.name,
			body: [mailText('da', 'thread.forwarded', { name: message.authorName }), message.body, files ? `📎 ${files}` : '']
				.filter(Boolean)
				.join('\n\n'),
		})
		return { userId: job.userId }
	})
	if (!forwarded) return false
	await announceJob(services, orderId, forwarded.userId ? [forwarded.userId] : [])
	return true
}

// The PM has dealt with the customer's message without writing back (answered by phone).
export async function markCustomerHandled(services: Pick<AppServices, 'db' | 'broadcast' | 'logger'>, orderId: number) {
	const [row] = await services.db
		.update(orders)
		.set({ customerWaitingSince: null })
		.where(and(eq(orders.id, orderId), isNotNull(orders.customerWaitingSince)))
		.returning({ id: orders.id })
	if (row) await announceOrder(services, orderId)
	return Boolean(row)
}

// Who writes from the order's own link: the customer as they ordered. Null for an unknown link.
export async function orderByLink(db: Database, token: string) {
	if (!/^[\w-]{32}$/.test(token)) return null
	const [order] = await db
		.select({ id: orders.id, customer: orders.customer })
		.from(orders)
		.where(eq(orders.token, token))
	if (!order) return null
	const author: ThreadAuthor = { kind: 'customer', name: order.customer.name, email: order.customer.email }
	return { id: order.id, author }
}

export async function hasOrder(db: Database, orderId: number) {
	const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
	return Boolean(row)
}
