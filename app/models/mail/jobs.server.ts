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

// A digest's text is made when it is sent: its head, what gathered meanwhile, its foot.
type Digest = { head: string; items: string[]; foot: string }
type StoredMessage = Omit<MailMessage, 'attachments'> & {
	attachments?: { filename: string; content: string; contentType: string }[]
	digest?: Digest
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

// `empty`: a digest nothing joined, which goes without a mail.
export type MailJob = { id: number; attempts: number; message: MailMessage; empty?: boolean }

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
	const { digest, ...stored } = row.message as StoredMessage
	return {
		id: row.id,
		attempts: row.attempts,
		message: {
			...stored,
			text: digest ? [digest.head, ...digest.items, digest.foot].filter(Boolean).join('\n\n') : stored.text,
			attachments: stored.attachments?.map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') })),
		},
		...(digest && digest.items.length === 0 ? { empty: true } : {}),
	}
}

export type DigestMail = Omit<MailMessage, 'text' | 'attachments'> & { head: string; foot: string }

// Mails about one thing (`key`: an order's thread, one way) go one per window: the first is the
// caller's to send at once ('first'), and opens a digest due at the window's end; what comes before
// then joins it ('joined') and goes in one mail. A digest nothing joined sends nothing.
export async function gatherIntoDigest(
	db: Database,
	key: string,
	mail: DigestMail,
	item: string,
	windowMs: number,
	now = new Date(),
): Promise<'first' | 'joined'> {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-digest:${key}`}))`)
		const [open] = await tx
			.update(mailJobs)
			.set({
				message: sql`jsonb_set(${mailJobs.message}, '{digest,items}', (${mailJobs.message} -> 'digest' -> 'items') || jsonb_build_array(${item}::text))`,
			})
			.where(and(eq(mailJobs.batchKey, key), eq(mailJobs.attempts, 0)))
			.returning({ id: mailJobs.id })
		if (open) return 'joined'
		const { head, foot, ...header } = mail
		const message: StoredMessage = { ...header, text: '', digest: { head, items: [], foot } }
		await tx.insert(mailJobs).values({ message, runAfter: new Date(now.getTime() + windowMs), batchKey: key })
		return 'first'
	})
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
