import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import { noteContentVersion } from '#database/content-version.ts'
import { CONTENT_CHANNEL, REGISTRY_CHANNEL, resilientPool, type OnNotification } from '#database/pool.ts'
import { noteRegistryVersion } from '#database/registry-version.ts'
import * as schema from '#database/schema.ts'

// $client is the pool, for the few statements Drizzle cannot express (bulk unnest upserts, named prepared searches).
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool }

// One transaction's handle, as db.transaction hands it to its callback.
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export type DatabaseHandle = {
	db: Database
	pool: pg.Pool
	kind: 'pglite' | 'postgres'
	ping: () => Promise<void>
	close: () => Promise<void>
	// Embedded database only: copies its data directory, consistent, to `target` (which must not
	// exist), holding every statement back only while it copies; resolves with how long that was.
	copyDataDir?: (target: string) => Promise<number>
}

// Told when a connection the pool held went away (it is replaced on next use).
type ConnectionLost = (error: Error) => void

export type OpenOptions = {
	databaseUrl?: string
	dataDir: string
	onConnectionLost?: ConnectionLost
	// Embedded database only: its side closes a connection idle this long (0: never). Tests use it to
	// take the connection away from under the site.
	pgliteIdleDisconnectMs?: number
}

export async function openDatabase({
	databaseUrl,
	dataDir,
	onConnectionLost,
	pgliteIdleDisconnectMs = 0,
}: OpenOptions): Promise<DatabaseHandle> {
	if (databaseUrl) return openPostgres(databaseUrl, onConnectionLost)
	return openPglite(path.resolve(dataDir, 'pglite'), pgliteIdleDisconnectMs, onConnectionLost)
}

function openPostgres(connectionString: string, onConnectionLost?: ConnectionLost): DatabaseHandle {
	const pool = resilientPool(
		{ connectionString, max: 10, connectionTimeoutMillis: 5_000 },
		onConnectionLost,
		onContentNotice,
	)
	return handleFor(pool, 'postgres', () => pool.end())
}

// The connection that commits a change hears it before its commit returns (database/content-version.ts).
const onContentNotice: OnNotification = (channel, payload) => {
	if (channel === CONTENT_CHANNEL) noteContentVersion(Number(payload))
	if (channel === REGISTRY_CHANNEL) noteRegistryVersion(Number(payload))
}

async function openPglite(
	directory: string,
	idleDisconnectMs: number,
	onConnectionLost?: ConnectionLost,
): Promise<DatabaseHandle> {
	mkdirSync(directory, { recursive: true })
	const releaseLock = takeLock(path.join(path.dirname(directory), 'pglite.lock'))
	// pg finds a Unix socket as <dir>/.s.PGSQL.<port>; a short private dir keeps under the path limit.
	const socketDir = mkdtempSync(path.join(tmpdir(), 'tolk-pg-'))
	const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
		workerData: { dataDir: directory, socketPath: path.join(socketDir, '.s.PGSQL.5432'), idleDisconnectMs },
	})
	try {
		await waitForMessage(worker, 'ready')
	} catch (error) {
		releaseLock()
		throw error
	}
	// PGlite is one session: one pooled client keeps transactions whole, and it is never reaped for
	// idling or age (a new connection lands on the same session, with whatever the last one left).
	const pool = resilientPool(
		{
			host: socketDir,
			port: 5432,
			user: 'postgres',
			database: 'postgres',
			max: 1,
			idleTimeoutMillis: 0,
			maxLifetimeSeconds: 0,
		},
		onConnectionLost,
		onContentNotice,
	)
	const handle = handleFor(pool, 'pglite', async () => {
		await pool.end()
		worker.postMessage({ type: 'stop' })
		await waitForMessage(worker, 'stopped').catch(() => {})
		await worker.terminate()
		rmSync(socketDir, { recursive: true, force: true })
		releaseLock()
	})
	return { ...handle, copyDataDir: (target) => copyDataDir(worker, target) }
}

function copyDataDir(worker: Worker, target: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const onMessage = (message: { type: string; heldMs?: number; error?: string }) => {
			if (message.type !== 'copied') return
			worker.off('message', onMessage)
			if (message.error) reject(new Error(message.error))
			else resolve(message.heldMs!)
		}
		worker.on('message', onMessage)
		worker.postMessage({ type: 'copy', target })
	})
}

function handleFor(pool: pg.Pool, kind: DatabaseHandle['kind'], end: () => Promise<void>): DatabaseHandle {
	let closing: Promise<void> | undefined
	return {
		db: drizzle(pool, { schema }),
		pool,
		kind,
		ping: async () => {
			await pool.query('select 1')
		},
		close: () => (closing ??= end()),
	}
}

function waitForMessage(worker: Worker, type: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const onMessage = (message: { type: string }) => {
			if (message.type !== type) return
			cleanup()
			resolve()
		}
		const onError = (error: Error) => {
			cleanup()
			reject(error)
		}
		const onExit = (code: number) => onError(new Error(`PGlite worker exited with code ${code}`))
		const cleanup = () => {
			worker.off('message', onMessage)
			worker.off('error', onError)
			worker.off('exit', onExit)
		}
		worker.on('message', onMessage)
		worker.on('error', onError)
		worker.on('exit', onExit)
	})
}

// Two processes writing one PGlite directory would corrupt it: refuse a second opener.
function takeLock(lockPath: string): () => void {
	try {
		const fd = openSync(lockPath, 'wx')
		writeFileSync(fd, String(process.pid))
		closeSync(fd)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		const holder = holderOf(lockPath)
		if (holder) {
			throw new Error(
				`The embedded database in ${path.dirname(lockPath)} is in use by process ${holder}. Stop it first.`,
			)
		}
		writeFileSync(lockPath, String(process.pid))
	}
	return () => rmSync(lockPath, { force: true })
}

// The other live process that has the embedded database in `dataDir` open, if any (a lock left by
// a killed one does not count).
export const embeddedDatabaseHolder = (dataDir: string): number | null => holderOf(path.resolve(dataDir, 'pglite.lock'))

function holderOf(lockPath: string): number | null {
	let holder: number
	try {
		holder = Number(readFileSync(lockPath, 'utf8'))
	} catch {
		return null
	}
	return holder && holder !== process.pid && isAlive(holder) ? holder : null
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}
