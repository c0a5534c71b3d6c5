// Runs PGlite on its own thread and serves it over the PostgreSQL wire protocol on a
// Unix socket, so a slow query never blocks the HTTP event loop and the app talks to
// PGlite with the same driver (pg) as to a real PostgreSQL server.
import { constants } from 'node:fs'
import { cp } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

type WorkerInput = { dataDir: string; socketPath: string; idleDisconnectMs: number }
const { dataDir, socketPath, idleDisconnectMs } = workerData as WorkerInput

const db = await PGlite.create(dataDir, { extensions: { pg_trgm } })
// The app holds one connection. Room for a second lets it reconnect while the socket server is
// still letting go of a connection that dropped (with one, the new one would be turned away).
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2, idleTimeout: idleDisconnectMs })
await server.start()
parentPort?.postMessage({ type: 'ready' })

parentPort?.on('message', async (message: { type: string; target?: string }) => {
	if (message.type === 'copy') return copyDataDir(message.target!)
	if (message.type !== 'stop') return
	await server.stop()
	await db.close()
	parentPort?.postMessage({ type: 'stopped' })
})

// A backup's snapshot: the data directory copied while no statement runs (every statement of every
// connection waits for this lock), so the copy is what a kill -9 at that moment would leave, which
// PostgreSQL opens by replaying its write-ahead log. Writes wait only for the copy, not the backup.
async function copyDataDir(target: string) {
	const started = performance.now()
	try {
		// A copy-on-write clone where the file system has them (btrfs, XFS): the moment is shorter still.
		const copy = { recursive: true, errorOnExist: true, force: false, mode: constants.COPYFILE_FICLONE }
		await db.runExclusive(() => cp(dataDir, target, copy))
		parentPort?.postMessage({ type: 'copied', heldMs: performance.now() - started })
	} catch (error) {
		parentPort?.postMessage({ type: 'copied', error: (error as Error).message })
	}
}
