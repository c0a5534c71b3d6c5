import { EventEmitter } from 'node:events'
import { eq, lt, sql } from 'drizzle-orm'
import pg from 'pg'
import type { Database } from '#database/client.ts'
import { forgetContent, noteContentVersion } from '#database/content-version.ts'
import { CONTENT_CHANNEL, REGISTRY_CHANNEL } from '#database/pool.ts'
import { noteRegistryVersion, registryMayHaveChanged } from '#database/registry-version.ts'
import { cableMessages } from '#database/schema.ts'
import type { Logger } from '#server/logger.ts'

export type Broadcast = (stream: string, message: unknown) => Promise<void>
export type PubSub = {
	broadcast: Broadcast
	subscribe: (listener: (stream: string, message: unknown) => void) => void
	close: () => Promise<void>
}

const CHANNEL = 'tolk_cable'
// Heard by every listener after the fan-out was cut off for a while: whatever a process keeps
// because of broadcasts (a cache of texts) may have missed a change, and starts over.
export const RESYNC_STREAM = 'pubsub:resync'
// NOTIFY payloads must stay under 8,000 bytes; larger messages travel by reference.
const NOTIFY_LIMIT = 7_000
const KEEP_REFERENCES_MS = 5 * 60 * 1000

// PGlite is one process's own database, so its broadcasts stay in the process.
export function createLocalPubSub(): PubSub {
	const events = new EventEmitter().setMaxListeners(0)
	return {
		broadcast: async (stream, message) => void events.emit('message', stream, message),
		subscribe: (listener) => void events.on('message', listener),
		close: async () => void events.removeAllListeners(),
	}
}

type Notice = { s: string; m?: unknown; r?: number }

// With PostgreSQL every server process LISTENs, so a broadcast from one reaches the pages connected
// to all of them. The listening connection is its own client and comes back if it drops.
export async function createPostgresPubSub(databaseUrl: string, db: Database, logger: Logger): Promise<PubSub> {
	const events = new EventEmitter().setMaxListeners(0)
	let client: pg.Client | undefined
	let closed = false

	async function deliver(notice: Notice) {
		if (notice.r === undefined) return void events.emit('message', notice.s, notice.m)
		const [row] = await db
			.select({ payload: cableMessages.payload })
			.from(cableMessages)
			.where(eq(cableMessages.id, notice.r))
		if (row) events.emit('message', notice.s, row.payload)
	}

	async function listen() {
		const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true })
		next.on('notification', (notification) => {
			// Another process changed what the public pages show (this one hears its own changes itself).
			if (notification.channel === CONTENT_CHANNEL) return noteContentVersion(Number(notification.payload))
			if (notification.channel === REGISTRY_CHANNEL) return noteRegistryVersion(Number(notification.payload))
			try {
				void deliver(JSON.parse(notification.payload ?? '') as Notice).catch((error: unknown) =>
					logger.error({ err: error }, 'cable message lost'),
				)
			} catch (error) {
				logger.error({ err: error }, 'unreadable cable notification')
			}
		})
		next.on('error', (error) => {
			if (client !== next) return
			client = undefined
			logger.warn({ err: error }, 'cable listener lost its connection; reconnecting')
			next.end().catch(() => {})
			if (!closed) void listenUntilBack()
		})
		try {
			await next.connect()
			await next.query(`listen ${CHANNEL}; listen ${CONTENT_CHANNEL}; listen ${REGISTRY_CHANNEL}`)
		} catch (error) {
			next.end().catch(() => {})
			throw error
		}
		client = next
	}

	// Tries again, waiting longer each time (up to 30 s), for as long as the server is down. What was
	// broadcast meanwhile is lost, so listeners are told to drop anything they keep (RESYNC_STREAM).
	async function listenUntilBack() {
		for (let wait = 500; !closed; wait = Math.min(wait * 2, 30_000)) {
			await new Promise((resolve) => setTimeout(resolve, wait).unref())
			if (closed) return
			try {
				await listen()
				logger.info('cable listener reconnected')
				forgetContent()
				registryMayHaveChanged()
				events.emit('message', RESYNC_STREAM, null)
				return
			} catch (error) {
				logger.warn({ err: error }, 'cable listener could not reconnect yet')
			}
		}
	}
	await listen()

	return {
		async broadcast(stream, message) {
			let payload = JSON.stringify({ s: stream, m: message } satisfies Notice)
			if (Buffer.byteLength(payload) > NOTIFY_LIMIT) {
				const [row] = await db
					.insert(cableMessages)
					.values({ stream, payload: message })
					.returning({ id: cableMessages.id })
				payload = JSON.stringify({ s: stream, r: row!.id } satisfies Notice)
				await db.delete(cableMessages).where(lt(cableMessages.createdAt, new Date(Date.now() - KEEP_REFERENCES_MS)))
			}
			await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`)
		},
		subscribe: (listener) => void events.on('message', listener),
		async close() {
			closed = true
			events.removeAllListeners()
			await client?.end().catch(() => {})
		},
	}
}
