import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'

export type MailAttachment = { filename: string; content: Uint8Array; contentType: string }
export type MailMessage = {
	to: string
	subject: string
	text: string
	replyTo?: string
	attachments?: MailAttachment[]
}
export type SendMail = (message: MailMessage) => void

const RETRY_DELAYS_MS = [2_000, 15_000, 60_000]

// Mail goes out over SMTP when SMTP_HOST is set, and is otherwise written as .eml files under
// DATA_DIR/mail, so a demo or a developer machine loses nothing and sends nothing. Sending never
// holds up the page: a failed delivery is retried a few times and then logged (without the
// recipient's address, which is personal data).
export function createMailer(env: Env, logger: Logger) {
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

	async function deliver(message: MailMessage) {
		for (let attempt = 0; ; attempt++) {
			try {
				const info = await transport.sendMail({
					from,
					...message,
					attachments: message.attachments?.map((file) => ({ ...file, content: Buffer.from(file.content) })),
				})
				if (!env.SMTP_HOST) await writeEml(mailDir, info.message as Buffer)
				logger.info({ subject: message.subject }, 'mail sent')
				return
			} catch (error) {
				const delay = RETRY_DELAYS_MS[attempt]
				if (delay === undefined || isClosed)
					return logger.error({ err: error, subject: message.subject }, 'mail not sent')
				await new Promise((resolve) => setTimeout(resolve, delay).unref())
			}
		}
	}

	const send: SendMail = (message) => {
		const delivery = deliver(message).finally(() => pending.delete(delivery))
		pending.add(delivery)
	}
	return {
		send,
		// A graceful stop waits (briefly) for mail already on its way.
		async close() {
			isClosed = true
			await Promise.race([Promise.allSettled(pending), new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
			transport.close()
		},
	}
}

async function writeEml(directory: string, message: Buffer) {
	await mkdir(directory, { recursive: true })
	const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`
	await writeFile(path.join(directory, name), message)
}
