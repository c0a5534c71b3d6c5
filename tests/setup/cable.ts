import { WebSocket } from 'ws'

type Message = { type?: string; identifier?: string; message?: unknown; reason?: string; reconnect?: boolean }

export type CableClient = {
	socket: WebSocket
	messages: Message[]
	// The next message (already received or still to come) that matches, within the time given.
	next: (matches: (message: Message) => boolean, timeoutMs?: number) => Promise<Message>
	send: (command: object) => void
	closed: Promise<{ code: number }>
}

// A raw Action Cable client, speaking the protocol as @rails/actioncable does.
export async function openCable(
	baseUrl: string,
	options: { cookie?: string; origin?: string; protocols?: string[]; headers?: Record<string, string> } = {},
): Promise<CableClient> {
	const socket = new WebSocket(
		`${baseUrl.replace(/^http/, 'ws')}/cable`,
		options.protocols ?? ['actioncable-v1-json', 'actioncable-unsupported'],
		{
			headers: {
				origin: options.origin ?? baseUrl,
				...(options.cookie ? { cookie: options.cookie } : {}),
				...options.headers,
			},
		},
	)
	const messages: Message[] = []
	const waiters = new Set<() => void>()
	socket.on('message', (data) => {
		messages.push(JSON.parse(data.toString()) as Message)
		for (const wake of waiters) wake()
	})
	const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })))
	await new Promise<void>((resolve, reject) => {
		socket.once('open', () => resolve())
		socket.once('error', reject)
		socket.once('unexpected-response', (_request, response) =>
			reject(new Error(`handshake refused with ${response.statusCode}`)),
		)
	})
	const next = (matches: (message: Message) => boolean, timeoutMs = 5_000) =>
		new Promise<Message>((resolve, reject) => {
			let seen = 0
			const check = () => {
				for (; seen < messages.length; seen++) {
					if (matches(messages[seen]!)) {
						cleanup()
						return resolve(messages[seen]!)
					}
				}
			}
			const timer = setTimeout(() => {
				cleanup()
				reject(new Error(`no matching cable message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`))
			}, timeoutMs)
			const cleanup = () => {
				clearTimeout(timer)
				waiters.delete(check)
			}
			waiters.add(check)
			check()
		})
	return { socket, messages, next, send: (command) => socket.send(JSON.stringify(command)), closed }
}

export function identifierFor(signedStreamName: string, channel = 'StreamsChannel'): string {
	return JSON.stringify({ channel, signed_stream_name: signedStreamName })
}
