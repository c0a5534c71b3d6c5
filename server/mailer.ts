import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Database } from '#database/client.ts'
import {
	claimMail,
	finishMail,
	queueMail,
	releaseMail,
	renewMail,
	retryMail,
	type MailMessage,
} from '#app/models/mail/jobs.server.ts'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'

export type { MailAttachment, MailMessage } from '#app/models/mail/jobs.server.ts'
export type SendMail = (message: MailMessage) => void

const RETRY_DELAYS_MS = [2_000, 15_000, 60_000]

// With a database, mail is a job there until sent: any process sends it, a stopped one leaves
// it to the next (JOB_LEASE_S, JOB_POLL_S). Without (a script), it is sent from this process.
type Jobs = { db: Database; leaseMs: number; pollMs: number }

// Mail goes out over SMTP when SMTP_HOST is set, and is otherwise written as .eml files under
// DATA_DIR/mail, so a demo or a developer machine loses nothing and sends nothing. Sending never
// holds up the page: a failed delivery is retried a few times and then logged (without the
// recipient's address, which is personal data).
export function createMailer(env: Env, logger: Logger, jobs?: Jobs) {
	const from = env.SMTP_FROM ?? 'tolk <no-reply@localhost>'
	const mailDir = path.resolve(env.DATA_DIR, 'mail')
	const transport = env.SMTP_HOST
		? nodemailer.createTransport({
				host: env.SMTP_HOST,
				port: env.SMTP_PORT ?? 587,
				secure: env.SMTP_PORT === 465,
				auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
			})
		: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	const pending = new Set<Promise<void>>()
	let isClosed = false

	async function deliverOnce(message: MailMessage) {
		const info = await transport.sendMail({
			from,
			...message,
			attachments: message.attachments?.map((file) => ({ ...file, content: Buffer.from(file.content) })),
		})
		if (!env.SMTP_HOST) await writeEml(mailDir, info.message as Buffer)
		logger.info({ subject: message.subject }, 'mail sent')
	}

	async function deliver(message: MailMessage) {
		for (let attempt = 0; ; attempt++) {
			try {
				return await deliverOnce(message)
			} catch (error) {
				const delay = RETRY_DELAYS_MS[attempt]
				if (delay === undefined || isClosed)
					return logger.error({ err: error, subject: message.subject }, 'mail not sent')
				await new Promise((resolve) => setTimeout(resolve, delay).unref())
			}
		}
	}

	const track = (work: Promise<void>) => {
		const tracked = work.finally(() => pending.delete(tracked))
		pending.add(tracked)
	}
	const queue = jobs ? createMailQueue(jobs, deliverOnce, logger, () => isClosed) : null

	const send: SendMail = (message) => track(queue ? queue.add(message) : deliver(message))
	return {
		send,
		// Mail left waiting by a process that stopped, then every JOB_POLL_S what no process holds.
		start: () => queue?.start(),
		// A graceful stop waits (briefly) for mail already on its way; queued mail waits in the database.
		async close() {
			isClosed = true
			queue?.stop()
			await Promise.race([Promise.allSettled(pending), new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
			await queue?.release()
			transport.close()
		},
	}
}

// The mail jobs this process sends: one at a time, from the moment one is queued here or found
// waiting; a failure is tried again later (RETRY_DELAYS_MS) by whichever process is free then.
function createMailQueue(
	{ db, leaseMs, pollMs }: Jobs,
	deliver: (message: MailMessage) => Promise<void>,
	logger: Logger,
	isClosed: () => boolean,
) {
	const holding = new Set<number>()
	let draining: Promise<void> | null = null
	let again = false
	let timer: NodeJS.Timeout | undefined

	async function drainAll() {
		do {
			again = false
			for (let job = await claimMail(db, leaseMs); job && !isClosed(); job = await claimMail(db, leaseMs)) {
				holding.add(job.id)
				const renew = setInterval(() => void renewMail(db, job!.id, leaseMs).catch(() => {}), leaseMs / 3)
				try {
					if (!job.empty) await deliver(job.message)
					await finishMail(db, job.id)
				} catch (error) {
					const delay = RETRY_DELAYS_MS[job.attempts - 1]
					if (delay === undefined) {
						logger.error({ err: error, subject: job.message.subject }, 'mail not sent')
						await finishMail(db, job.id)
					} else await retryMail(db, job.id, delay)
				} finally {
					clearInterval(renew)
					holding.delete(job.id)
				}
			}
		} while (again && !isClosed())
	}

	function drain(): Promise<void> {
		if (isClosed()) return Promise.resolve()
		if (draining) {
			again = true
			return draining
		}
		draining = drainAll()
			.catch((error: unknown) => {
				if (!isClosed()) logger.warn({ err: error }, 'mail queue not read')
			})
			.finally(() => (draining = null))
		return draining
	}

	return {
		add: (message: MailMessage) =>
			queueMail(db, message).then(
				() => drain(),
				(error: unknown) => logger.error({ err: error, subject: message.subject }, 'mail not queued'),
			),
		start() {
			void drain()
			timer = setInterval(() => void drain(), pollMs)
			timer.unref()
		},
		stop: () => clearInterval(timer),
		release: () => releaseMail(db, [...holding]).catch(() => {}),
	}
}

async function writeEml(directory: string, message: Buffer) {
	await mkdir(directory, { recursive: true })
	const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`
	await writeFile(path.join(directory, name), message)
}
