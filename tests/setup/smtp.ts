import { afterAll, beforeAll } from 'vitest'
import { startSmtpPeer, type ReceivedMail } from '#tests/setup/smtp-peer.ts'

export type { ReceivedMail }

// A real SMTP peer for the server under test: it accepts everything and keeps what it got.
export function setupSmtpPeer() {
	const peer = { port: 0, messages: [] as ReceivedMail[], env: {} as Record<string, string> }
	let running: Awaited<ReturnType<typeof startSmtpPeer>> | undefined
	beforeAll(async () => {
		running = await startSmtpPeer(peer.messages)
		peer.port = running.port
		// Filled in place: the server setup was handed this object before the port was known.
		Object.assign(peer.env, {
			SMTP_HOST: '127.0.0.1',
			SMTP_PORT: String(peer.port),
			SMTP_FROM: 'Tolk <kontakt@tolk.example>',
		})
	})
	afterAll(() => running?.close())
	return peer
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
