import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string }

// A real SMTP peer that accepts everything and keeps what it got, outside a test file too (the
// simulation's).
export async function startSmtpPeer(messages: ReceivedMail[] = []) {
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				const raw = Buffer.concat(chunks).toString('utf8')
				messages.push({
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
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		port: (server.server.address() as AddressInfo).port,
		messages,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
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
