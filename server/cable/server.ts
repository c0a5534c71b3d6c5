import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Database } from '#database/client.ts'
import { findSessionStaff, SESSION_COOKIE, type Staff } from '#app/models/staff/session.server.ts'
import { readCookie } from '#app/utils/cookies.ts'
import { CABLE_CHANNEL, CABLE_PATH, CABLE_PROTOCOL, roleNeededFor } from '#app/utils/cable.ts'
import { clientAddress } from '#server/client-address.ts'
import type { Logger } from '#server/logger.ts'
import type { PubSub } from '#server/cable/pubsub.ts'
import { verifyStreamName } from '#app/models/live/signed-stream.server.ts'

// Rails' Action Cable protocol, so the official @rails/actioncable client works unchanged:
// welcome, a ping every 3 s, subscribe/unsubscribe by identifier, messages framed with it.

export const PING_INTERVAL_MS = 3_000
// An open socket's staff session is checked again this often: a revoked session stops listening.
const SESSION_CHECK_MS = 60_000
const MAX_SUBSCRIPTIONS = 50

type Options = {
	db: Database
	secretKey: string
	pubsub: PubSub
	logger: Logger
	maxConnectionsPerAddress: number
	trustProxy: boolean
	// The site's configured address: a page served under it may connect whatever Host it came by.
	publicUrl?: () => string
	sessionCheckMs?: number
}

type Connection = { socket: WebSocket; staff: Staff | null; token?: string; address: string; subscriptions: Map<string, string> }

export type Cable = { close: () => Promise<void>; connectionCount: () => number }

export function attachCable(server: Server, options: Options): Cable {
	const { db, secretKey, pubsub, logger } = options
	const wss = new WebSocketServer({
		noServer: true,
		maxPayload: 64 * 1024,
		handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
	})
	const connections = new Set<Connection>()
	const perAddress = new Map<string, number>()
	const byStream = new Map<string, Set<Connection>>()

	pubsub.subscribe((stream, message) => {
		for (const connection of byStream.get(stream) ?? []) {
			for (const [identifier, subscribed] of connection.subscriptions) {
				if (subscribed === stream) send(connection, { identifier, message })
			}
		}
	})

	const pinger = setInterval(() => {
		const ping = JSON.stringify({ type: 'ping', message: Math.floor(Date.now() / 1000) })
		for (const connection of connections) connection.socket.send(ping)
	}, PING_INTERVAL_MS)
	pinger.unref()

	const sessionCheck = setInterval(() => {
		for (const connection of connections) {
			if (!connection.token) continue
			void findSessionStaff(db, connection.token)
				.then((staff) => {
					if (staff?.id === connection.staff?.id && staff?.role === connection.staff?.role) return
					// The page reconnects by itself, as whoever it now is.
					send(connection, { type: 'disconnect', reason: 'unauthorized', reconnect: true })
					connection.socket.close(1000, 'session ended')
				})
				.catch(() => {})
		}
	}, options.sessionCheckMs ?? SESSION_CHECK_MS)
	sessionCheck.unref()

	server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
		void upgrade(req, socket, head).catch((error: unknown) => {
			logger.error({ err: error }, 'cable handshake failed')
			refuse(socket, 500)
		})
	})

	async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
		if (new URL(req.url ?? '/', 'http://localhost').pathname !== CABLE_PATH) return refuse(socket, 404)
		if (!isSameOrigin(req, options.trustProxy, options.publicUrl?.())) return refuse(socket, 403)
		const address = clientAddress(req, options.trustProxy)
		if ((perAddress.get(address) ?? 0) >= options.maxConnectionsPerAddress) return refuse(socket, 429)
		const token = readCookie(req.headers.cookie, SESSION_COOKIE)
		const staff = token ? await findSessionStaff(db, token) : null
		wss.handleUpgrade(req, socket, head, (ws) => {
			if (ws.protocol !== CABLE_PROTOCOL) return ws.close(1002, 'unsupported subprotocol')
			open({ socket: ws, staff, token: staff ? token : undefined, address, subscriptions: new Map() })
		})
	}

	function open(connection: Connection) {
		connections.add(connection)
		perAddress.set(connection.address, (perAddress.get(connection.address) ?? 0) + 1)
		connection.socket.on('message', (data) => handle(connection, data.toString()))
		connection.socket.on('close', () => forget(connection))
		connection.socket.on('error', () => connection.socket.terminate())
		send(connection, { type: 'welcome' })
	}

	function handle(connection: Connection, raw: string) {
		let command: { command?: unknown; identifier?: unknown }
		try {
			command = JSON.parse(raw) as typeof command
		} catch {
			return
		}
		const identifier = typeof command.identifier === 'string' ? command.identifier : null
		if (!identifier) return
		switch (command.command) {
			case 'subscribe':
				return subscribe(connection, identifier)
			case 'unsubscribe':
				return unsubscribe(connection, identifier)
			// Pages send nothing to the server yet; a message is only heard on a subscribed identifier.
			case 'message':
				return
			default:
				logger.warn('cable: refused an unknown command')
		}
	}

	function subscribe(connection: Connection, identifier: string) {
		const stream = streamOf(identifier)
		const allowed = stream !== null && mayListen(connection.staff, stream) && connection.subscriptions.size < MAX_SUBSCRIPTIONS
		if (!allowed) return send(connection, { identifier, type: 'reject_subscription' })
		connection.subscriptions.set(identifier, stream)
		let listeners = byStream.get(stream)
		if (!listeners) byStream.set(stream, (listeners = new Set()))
		listeners.add(connection)
		send(connection, { identifier, type: 'confirm_subscription' })
	}

	function streamOf(identifier: string): string | null {
		try {
			const { channel, signed_stream_name: signed } = JSON.parse(identifier) as { channel?: unknown; signed_stream_name?: unknown }
			return channel === CABLE_CHANNEL ? verifyStreamName(signed, secretKey) : null
		} catch {
			return null
		}
	}

	function unsubscribe(connection: Connection, identifier: string) {
		const stream = connection.subscriptions.get(identifier)
		if (stream === undefined) return
		connection.subscriptions.delete(identifier)
		if (![...connection.subscriptions.values()].includes(stream)) dropListener(stream, connection)
	}

	function dropListener(stream: string, connection: Connection) {
		const listeners = byStream.get(stream)
		listeners?.delete(connection)
		if (listeners?.size === 0) byStream.delete(stream)
	}

	function forget(connection: Connection) {
		if (!connections.delete(connection)) return
		for (const stream of new Set(connection.subscriptions.values())) dropListener(stream, connection)
		connection.subscriptions.clear()
		const left = (perAddress.get(connection.address) ?? 1) - 1
		if (left > 0) perAddress.set(connection.address, left)
		else perAddress.delete(connection.address)
	}

	return {
		connectionCount: () => connections.size,
		// Tells every page the server is going away (they come back by themselves) and closes cleanly.
		async close() {
			clearInterval(pinger)
			clearInterval(sessionCheck)
			const closing = [...connections].map(
				(connection) =>
					new Promise<void>((resolve) => {
						connection.socket.once('close', () => resolve())
						send(connection, { type: 'disconnect', reason: 'server_restart', reconnect: true })
						connection.socket.close(1001, 'server restart')
						setTimeout(() => {
							connection.socket.terminate()
							resolve()
						}, 1_000).unref()
					}),
			)
			await Promise.all(closing)
			wss.close()
		},
	}
}

function mayListen(staff: Staff | null, stream: string): boolean {
	const role = roleNeededFor(stream)
	return role === null || (role === 'staff' && staff !== null) || (role === 'admin' && staff?.role === 'admin')
}

function send(connection: Connection, message: object) {
	if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message))
}

function refuse(socket: Duplex, status: number) {
	socket.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : status === 429 ? 'Too Many Requests' : status === 404 ? 'Not Found' : 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

// A page of this site opens the socket; another site's page (cross-site WebSocket hijacking) does
// not. The host a proxy forwarded counts only behind a proxy we trust: otherwise any client could
// name the origin it claims.
function isSameOrigin(req: IncomingMessage, trustProxy: boolean, publicUrl?: string): boolean {
	const origin = URL.parse(req.headers.origin ?? '')
	if (!origin) return false
	const forwarded = req.headers['x-forwarded-host']
	const host = (trustProxy ? (Array.isArray(forwarded) ? forwarded[0] : forwarded) : undefined) ?? req.headers.host
	return origin.host === host || (publicUrl !== undefined && origin.origin === publicUrl)
}
