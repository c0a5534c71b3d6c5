import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'

// A keep-alive connection with nothing in flight this long is taken for one its client has put
// aside, and is closed. A client in the middle of its work sends its next request within
// milliseconds of the last answer, and that request is answered (with Connection: close).
const IDLE_GRACE_MS = 2_000
const SWEEP_EVERY_MS = 100

type Tracked = { inFlight: Set<ServerResponse>; idleSince: number }

// Stops an HTTP server without breaking a single request it received: it stops accepting, answers
// every request already on a connection, ends each connection after its current answer (which
// says Connection: close), and resolves once none is left, or at the deadline, when it closes the
// rest. Node's own server.close() instead drops idle keep-alive connections at once, which resets
// any request a client is sending on one at that moment.
export function gracefulStopper(server: Server) {
	const connections = new Map<Socket, Tracked>()
	let stopping = false

	server.on('connection', (socket: Socket) => {
		connections.set(socket, { inFlight: new Set(), idleSince: Date.now() })
		socket.once('close', () => connections.delete(socket))
	})
	// A WebSocket is the live-update server's to close (with Action Cable's reconnect hint).
	server.on('upgrade', (req: IncomingMessage) => connections.delete(req.socket))
	// Before the app's own listener, which may answer at once (a refused method).
	server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
		const tracked = connections.get(req.socket)
		if (stopping && !res.headersSent) res.setHeader('Connection', 'close')
		tracked?.inFlight.add(res)
		res.once('close', () => {
			tracked?.inFlight.delete(res)
			if (tracked && !tracked.inFlight.size) tracked.idleSince = Date.now()
		})
	})

	const sweepIdle = () => {
		for (const [socket, { inFlight, idleSince }] of connections) {
			if (!inFlight.size && Date.now() - idleSince >= IDLE_GRACE_MS) socket.destroy()
		}
	}

	return {
		async stop(deadlineMs: number): Promise<{ forced: number }> {
			stopping = true
			const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()))
			for (const { inFlight } of connections.values()) {
				for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
			}
			sweepIdle()
			const sweeper = setInterval(sweepIdle, SWEEP_EVERY_MS)
			let timer: NodeJS.Timeout | undefined
			const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), deadlineMs)))
			const outcome = await Promise.race([closed, deadline])
			clearInterval(sweeper)
			clearTimeout(timer)
			const forced = outcome === 'deadline' ? connections.size : 0
			if (forced) server.closeAllConnections()
			return { forced }
		},
	}
}
