import pg from 'pg'
import { count } from '#server/metrics.ts'

// Whatever an earlier connection left in the session (prepared statements, SETs, advisory locks,
// LISTENs, temporary tables) is gone before a new connection runs anything. On PostgreSQL a new
// connection is a new session anyway; on PGlite it is the same single session as the last one.
const SESSION_RESET = 'discard all'

// PostgreSQL's "the connection is gone" class (08), the server shutting the session (57P0x), and
// the driver's and the socket's own ways of saying the same.
const LOST_CODES = /^(08|57P0[123])|^(ECONNRESET|EPIPE|ECONNREFUSED|ENOENT|ETIMEDOUT)$/
const LOST_MESSAGES = /Connection terminated|connection error|not queryable|socket has been ended|Client was closed/i

// Drizzle wraps the driver's error (as its cause).
export function isConnectionLost(error: unknown): boolean {
	if (!(error instanceof Error)) return false
	const code = (error as { code?: unknown }).code
	if ((typeof code === 'string' && LOST_CODES.test(code)) || LOST_MESSAGES.test(error.message)) return true
	return error.cause !== undefined && isConnectionLost(error.cause)
}

// A statement that only reads can run again without doing anything twice.
const READ = /^\s*(select|show)\b/i
const WRITES = /\b(insert|update|delete|merge|nextval|setval|pg_advisory|pg_notify)\b/i

export function isRetryableRead(query: unknown): boolean {
	const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text
	return typeof text === 'string' && READ.test(text) && !WRITES.test(text)
}

// When one connection is lost, the others usually are too (a restarted or terminating server):
// the retry waits a moment, so the pool has heard of every idle connection that went and hands
// out a new one rather than the next dead one.
const RETRY_AFTER_MS = 50

// Runs work that may safely run twice (a read, a conditional update, a broadcast of a state) once
// more when its connection went away under it.
export async function onceMoreIfDisconnected<T>(
	work: () => Promise<T>,
	onConnectionLost: (error: Error) => void = () => {},
): Promise<T> {
	try {
		return await work()
	} catch (error) {
		if (!isConnectionLost(error)) throw error
		onConnectionLost(error as Error)
		await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS))
		return work()
	}
}

// Announced by the database itself when what the public pages show changed (migration 0008).
export const CONTENT_CHANNEL = 'tolk_content'
// Announced when a company changed (migration 0009).
export const REGISTRY_CHANNEL = 'tolk_registry'

export type OnNotification = (channel: string, payload: string) => void

// A pool whose every new connection starts from a clean session, whose lost idle connections are
// replaced on next use, and whose reads that met a lost connection run once more on a new one.
// Every connection listens for content changes: the one that commits a change hears it before its
// commit returns, so this process knows before it answers the request that made the change.
export function resilientPool(
	config: pg.PoolConfig,
	onConnectionLost: (error: Error) => void = () => {},
	onNotification?: OnNotification,
): pg.Pool {
	const onConnect = async (client: pg.ClientBase) => {
		await client.query(SESSION_RESET)
		if (!onNotification) return
		client.on('notification', (notice) => onNotification(notice.channel, notice.payload ?? ''))
		await client.query(`listen ${CONTENT_CHANNEL}; listen ${REGISTRY_CHANNEL}`)
	}
	const pool = new pg.Pool({ ...config, onConnect })
	pool.on('error', onConnectionLost)
	// The pool listens for errors on idle connections only. One lost while checked out (a
	// transaction between statements when the server went) would otherwise be an unhandled 'error'
	// event that ends the process; its statements fail instead, and whoever holds it hears of it.
	pool.on('connect', (client) => client.on('error', () => {}))
	const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
	// Callback-style calls are left alone: nothing here uses them.
	pool.query = ((...args: unknown[]) => {
		count('databaseQueries')
		return isRetryableRead(args[0]) && typeof args.at(-1) !== 'function'
			? onceMoreIfDisconnected(() => query(...args), onConnectionLost)
			: query(...args)
	}) as typeof pool.query
	return pool
}
