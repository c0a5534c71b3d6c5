import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Database } from '#database/client.ts'
import { findSessionStaff, SESSION_COOKIE, type Staff } from '#app/models/staff/session.server.ts'
import { readCookie } from '#app/utils/cookies.ts'
import { CABLE_CHANNEL, CABLE_PATH, CABLE_PROTOCOL, CABLE_REVOKE_STREAM, mayListenTo } from '#app/utils/cable.ts'
import { CUSTOMER_COOKIE, findSessionCustomer, type Customer } from '#app/models/customer/session.server.ts'
import { customerMayListen } from '#app/models/customer/live.server.ts'
import { clientAddress, forwardedValue, type TrustProxy } from '#server/trust-proxy.ts'
import type { Logger } from '#server/logger.ts'
import type { PubSub } from '#server/cable/pubsub.ts'
import { readStreamName } from '#app/models/live/signed-stream.server.ts'
import { createLogLimit } from '#server/log-limit.ts'
import { namesHostTwice } from '#server/request-kind.ts'

// Rails' Action Cable protocol, so the official @rails/actioncable client works unchanged:
// welcome, a ping every 3 s, subscribe/unsubscribe by identifier, messages framed with it.

export const PING_INTERVAL_MS = 3_000
// An open socket's staff or customer session is checked again this often: a revoked session stops
// listening (a customer's signing out, removal or deletion stops it at once: CABLE_REVOKE_STREAM).
const SESSION_CHECK_MS = 60_000
const MAX_SUBSCRIPTIONS = 50
// What one socket may send: a page subscribes to a few streams and otherwise only listens, so a
// burst of this many commands, refilled at this many a second, is far beyond any page. Past it the
// socket is closed (1008, policy violation) and the page's client reconnects after a pause.
const MESSAGE_BURST = 100
const MESSAGES_PER_SECOND = 20

type Options = {
	db: Database
	secretKey: string
	pubsub: PubSub
	logger: Logger
	maxConnectionsPerAddress: number
	trustProxy: TrustProxy
	// The site's configured address: a page served under it may connect whatever Host it came by.
	publicUrl?: () => string
	sessionCheckMs?: number
}

type Connection = {
	socket: WebSocket
	staff: Staff | null
	token?: string
	customer: Customer | null
	customerToken?: string
	address: string
	subscriptions: Map<string, string>
	allowance: { tokens: number; at: number }
	warned: boolean
}

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
	const mayLog = createLogLimit()
	const byStream = new Map<string, Set<Connection>>()

	pubsub.subscribe((stream, message) => {
		if (stream === CABLE_REVOKE_STREAM) return revoke(message as { customerId?: unknown; sessionId?: unknown })
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

	// The page reconnects by itself, as whoever it now is.
	function endSession(connection: Connection) {
		send(connection, { type: 'disconnect', reason: 'unauthorized', reconnect: true })
		connection.socket.close(1000, 'session ended')
	}

	function revoke({ customerId, sessionId }: { customerId?: unknown; sessionId?: unknown }) {
		for (const connection of connections) {
			const { customer } = connection
			if (customer && (customer.id === customerId || customer.sessionId === sessionId)) endSession(connection)
		}
	}

	const sessionCheck = setInterval(() => {
		for (const connection of connections) {
			if (connection.token)
				void findSessionStaff(db, connection.token)
					.then((staff) => {
						if (staff?.id !== connection.staff?.id || staff?.role !== connection.staff?.role) endSession(connection)
					})
					.catch(() => {})
			if (connection.customerToken)
				void findSessionCustomer(db, connection.customerToken)
					.then((customer) => {
						if (customer?.id !== connection.customer?.id || customer?.companyId !== connection.customer?.companyId)
							endSession(connection)
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
		if (namesHostTwice(req)) return refuse(socket, 400)
		if (!isSameOrigin(req, options.trustProxy, options.publicUrl?.())) return refuse(socket, 403)
		const address = clientAddress(req, options.trustProxy)
		if ((perAddress.get(address) ?? 0) >= options.maxConnectionsPerAddress) return refuse(socket, 429)
		// A socket already gone has had its 'close': a slot taken now would never come back.
		if (socket.destroyed) return
		// The slot is taken before anything is awaited, and given back when the socket closes,
		// however the handshake ends: parallel handshakes cannot all pass the check at once.
		reserve(address, socket)
		const token = readCookie(req.headers.cookie, SESSION_COOKIE)
		const staff = token ? await findSessionStaff(db, token) : null
		const customerToken = readCookie(req.headers.cookie, CUSTOMER_COOKIE)
		const customer = customerToken ? await findSessionCustomer(db, customerToken) : null
		wss.handleUpgrade(req, socket, head, (ws) => {
			if (ws.protocol !== CABLE_PROTOCOL) return ws.close(1002, 'unsupported subprotocol')
			const allowance = { tokens: MESSAGE_BURST, at: performance.now() }
			open({
				socket: ws,
				staff,
				token: staff ? token : undefined,
				customer,
				customerToken: customer ? customerToken : undefined,
				address,
				subscriptions: new Map(),
				allowance,
				warned: false,
			})
		})
	}

	function reserve(address: string, socket: Duplex) {
		perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
		socket.once('close', () => {
			const left = (perAddress.get(address) ?? 1) - 1
			if (left > 0) perAddress.set(address, left)
			else perAddress.delete(address)
		})
	}

	function open(connection: Connection) {
		connections.add(connection)
		connection.socket.on('message', (data) =>
			withinRate(connection) ? handle(connection, data.toString()) : closeFlooding(connection),
		)
		connection.socket.on('close', () => forget(connection))
		connection.socket.on('error', () => connection.socket.terminate())
		send(connection, { type: 'welcome' })
	}

	function withinRate({ allowance }: Connection): boolean {
		const now = performance.now()
		allowance.tokens = Math.min(MESSAGE_BURST, allowance.tokens + ((now - allowance.at) / 1000) * MESSAGES_PER_SECOND)
		allowance.at = now
		if (allowance.tokens < 1) return false
		allowance.tokens--
		return true
	}

	function closeFlooding(connection: Connection) {
		if (connection.socket.readyState !== connection.socket.OPEN) return
		warn('cable: closed a socket sending faster than any page')
		connection.socket.close(1008, 'too many messages')
	}

	// Said a few times a minute at most, whatever clients send.
	function warn(message: string) {
		const { allowed, suppressed } = mayLog(message)
		if (allowed) logger.warn(suppressed ? { suppressed } : {}, message)
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
				return void subscribe(connection, identifier).catch((error: unknown) => {
					logger.error({ err: error }, 'cable: a subscription could not be checked')
					send(connection, { identifier, type: 'reject_subscription' })
				})
			case 'unsubscribe':
				return unsubscribe(connection, identifier)
			// Pages send nothing to the server yet; a message is only heard on a subscribed identifier.
			case 'message':
				return
			default:
				// Once per socket, and a few times a minute in all.
				if (!connection.warned) warn('cable: refused an unknown command')
				connection.warned = true
		}
	}

	async function subscribe(connection: Connection, identifier: string) {
		const named = streamOf(identifier)
		const stream = named?.stream ?? null
		const allowed =
			named !== null && connection.subscriptions.size < MAX_SUBSCRIPTIONS && (await mayHear(connection, named))
		if (!allowed || stream === null || connection.socket.readyState !== connection.socket.OPEN)
			return send(connection, { identifier, type: 'reject_subscription' })
		connection.subscriptions.set(identifier, stream)
		let listeners = byStream.get(stream)
		if (!listeners) byStream.set(stream, (listeners = new Set()))
		listeners.add(connection)
		send(connection, { identifier, type: 'confirm_subscription' })
	}

	function streamOf(identifier: string): { stream: string; holder: string | null } | null {
		try {
			const { channel, signed_stream_name: signed } = JSON.parse(identifier) as {
				channel?: unknown
				signed_stream_name?: unknown
			}
			return channel === CABLE_CHANNEL ? readStreamName(signed, secretKey) : null
		} catch {
			return null
		}
	}

	// A name given to a customer's page: only a socket of that same session, whose account still
	// sees the stream. Any other name: as the socket's staff session (or nobody) may.
	async function mayHear(
		{ customer, staff }: Connection,
		{ stream, holder }: { stream: string; holder: string | null },
	) {
		if (holder === null) return mayListen(staff, stream)
		if (!customer || holder !== `customer:${customer.sessionId}`) return false
		return customerMayListen(db, customer, stream)
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

const mayListen = (staff: Staff | null, stream: string) => mayListenTo(staff, stream)

function send(connection: Connection, message: object) {
	if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message))
}

const REASONS: Record<number, string> = {
	400: 'Bad Request',
	403: 'Forbidden',
	404: 'Not Found',
	429: 'Too Many Requests',
}

function refuse(socket: Duplex, status: number) {
	socket.end(`HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

// A page of this site opens the socket; another site's page (cross-site WebSocket hijacking) does
// not. The host a proxy forwarded counts only behind a proxy we trust: otherwise any client could
// name the origin it claims.
function isSameOrigin(req: IncomingMessage, trustProxy: TrustProxy, publicUrl?: string): boolean {
	const origin = URL.parse(req.headers.origin ?? '')
	if (!origin) return false
	const host = forwardedValue(req, trustProxy, 'x-forwarded-host') ?? req.headers.host
	return origin.host === host || (publicUrl !== undefined && origin.origin === publicUrl)
}
