import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { mailJobs } from '#database/schema.ts'

export type MailAttachment = { filename: string; content: Uint8Array; contentType: string }
export type MailMessage = {
	to: string
	// A copy, seen by every recipient (the agency's address on a mail to a PM).
	cc?: string
	subject: string
	text: string
	replyTo?: string
	attachments?: MailAttachment[]
}

type StoredMessage = Omit<MailMessage, 'attachments'> & {
	attachments?: { filename: string; content: string; contentType: string }[]
}

// A mail waits in the database until it is sent (decision 021): any process sends it, and one
// that stops half way leaves it to another once its lease lapses.
export async function queueMail(db: Database, message: MailMessage, now = new Date()): Promise<void> {
	const stored: StoredMessage = {
		...message,
		attachments: message.attachments?.map((file) => ({
			...file,
			content: Buffer.from(file.content).toString('base64'),
		})),
	}
	await db.insert(mailJobs).values({ message: stored, runAfter: now })
}

export type MailJob = { id: number; attempts: number; message: MailMessage }

// The oldest mail due that no process holds, held now for `leaseMs`; null when there is none.
export async function claimMail(db: Database, leaseMs: number, now = new Date()): Promise<MailJob | null> {
	const due = db
		.select({ id: mailJobs.id })
		.from(mailJobs)
		.where(and(lte(mailJobs.runAfter, now), or(isNull(mailJobs.leaseUntil), lt(mailJobs.leaseUntil, now))))
		.orderBy(asc(mailJobs.id))
		.limit(1)
		.for('update', { skipLocked: true })
	const [row] = await db
		.update(mailJobs)
		.set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${mailJobs.attempts} + 1` })
		.where(inArray(mailJobs.id, due))
		.returning()
	if (!row) return null
	const stored = row.message as StoredMessage
	return {
		id: row.id,
		attempts: row.attempts,
		message: {
			...stored,
			attachments: stored.attachments?.map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') })),
		},
	}
}

// Sent, or given up on: the job goes.
export async function finishMail(db: Database, id: number): Promise<void> {
	await db.delete(mailJobs).where(eq(mailJobs.id, id))
}

// Not sent this time: tried again after `delayMs`, by whichever process is free then.
export async function retryMail(db: Database, id: number, delayMs: number, now = new Date()): Promise<void> {
	await db
		.update(mailJobs)
		.set({ runAfter: new Date(now.getTime() + delayMs), leaseUntil: null })
		.where(eq(mailJobs.id, id))
}

// A send that takes long (a slow SMTP server, a large attachment) keeps its hold on the mail.
export async function renewMail(db: Database, id: number, leaseMs: number, now = new Date()): Promise<void> {
	await db
		.update(mailJobs)
		.set({ leaseUntil: new Date(now.getTime() + leaseMs) })
		.where(eq(mailJobs.id, id))
}

// A process that stops lets go of the mail it holds, for the next one.
export async function releaseMail(db: Database, ids: number[]): Promise<void> {
	if (ids.length) await db.update(mailJobs).set({ leaseUntil: null }).where(inArray(mailJobs.id, ids))
}
