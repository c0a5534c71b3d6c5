import { afterAll, beforeAll } from 'vitest'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string }

// A real SMTP peer for the server under test: it accepts everything and keeps what it got.
export function setupSmtpPeer() {
	const peer = { port: 0, messages: [] as ReceivedMail[], env: {} as Record<string, string> }
	let server: SMTPServer | undefined
	beforeAll(async () => {
		server = new SMTPServer({
			authOptional: true,
			disabledCommands: ['STARTTLS'],
			logger: false,
			onData(stream, session, callback) {
				const chunks: Buffer[] = []
				stream.on('data', (chunk: Buffer) => chunks.push(chunk))
				stream.on('end', () => {
					const raw = Buffer.concat(chunks).toString('utf8')
					peer.messages.push({
						from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
						to: session.envelope.rcptTo.map((recipient) => recipient.address),
						raw,
						subject: decodeSubject(raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? ''),
						text: decodeQuotedPrintable(
							raw
								.split(/\r?\n\r?\n/)
								.slice(1)
								.join('\n\n'),
						),
					})
					callback()
				})
			},
		})
		await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
		peer.port = (server.server.address() as AddressInfo).port
		// Filled in place: the server setup was handed this object before the port was known.
		Object.assign(peer.env, {
			SMTP_HOST: '127.0.0.1',
			SMTP_PORT: String(peer.port),
			SMTP_FROM: 'Tolk <kontakt@tolk.example>',
		})
	})
	afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))
	return peer
}

function decodeQuotedPrintable(text: string): string {
	const bytes = text
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
	return Buffer.from(bytes, 'latin1').toString('utf8')
}

function decodeSubject(header: string): string {
	return header
		.replace(/\r?\n[ \t]/g, ' ')
		.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, value: string) =>
			encoding.toUpperCase() === 'B'
				? Buffer.from(value, 'base64').toString('utf8')
				: decodeQuotedPrintable(value.replace(/_/g, ' ')),
		)
		.trim()
}

export async function waitForMail(
	peer: { messages: ReceivedMail[] },
	count: number,
	timeoutMs = 10_000,
): Promise<ReceivedMail[]> {
	const deadline = Date.now() + timeoutMs
	while (peer.messages.length < count) {
		if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${peer.messages.length}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	return peer.messages
}
