// One server process (`npm start`, or each of WEB_CONCURRENCY under server/cluster.ts): opens the
// database, migrates, seeds an empty one, serves, and stops gracefully on SIGTERM/SIGINT.
import '#server/production.ts'
import { createServer } from 'node:http'
import { boot } from '#server/boot.ts'
import { parseEnv } from '#server/env.ts'
import { gracefulStopper } from '#server/graceful-stop.ts'
import { startServices } from '#server/services.ts'
import { clusterWorkerId } from '#server/cluster.ts'
import { renderThreadCount, startRenderThreads } from '#server/render-thread/pool.ts'
import type { createApp as CreateApp } from '#server/app.ts'

// Everything is done well within 10 s: answers get 8, workers and the database what is left.
const STOP_DEADLINE_MS = 9_500
const ANSWER_DEADLINE_MS = 8_000

const env = parseEnv()
const { logger, secretKey, database } = await boot(env, (logger) => ({
	pgliteIdleDisconnectMs: env.PGLITE_IDLE_DISCONNECT_MS,
	// The code and message only: pg hangs the whole client, connection settings and all, on the error.
	onConnectionLost: (error) =>
		logger.warn(
			{ code: (error as { code?: string }).code, reason: error.message },
			'lost a database connection; the next query opens a new one',
		),
	onSeeded: () => logger.info('seeded the empty database with demo content'),
}))

if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL)
	logger.warn(
		{ WEB_CONCURRENCY: env.WEB_CONCURRENCY },
		'running one server process: the embedded database belongs to one process (set DATABASE_URL for several)',
	)

const bundle = '../build/server/index.js'
const { createApp } = (await import(bundle)) as { createApp: typeof CreateApp }
const services = await startServices(env, database, logger)
const { appOptions } = services
const renderThread = env.RENDER_THREAD
	? startRenderThreads(renderThreadCount(env), {
			pool: database.pool,
			logger,
			data: {
				bundle: new URL(bundle, import.meta.url).href,
				logLevel: env.LOG_LEVEL,
				secretKey,
				uploadsDir: appOptions.uploadsDir,
				documentsDir: appOptions.documentsDir,
				mediaDir: appOptions.mediaDir,
				uploadQuota: appOptions.uploadQuota,
				sharedFiles: appOptions.files.shared,
			},
		})
	: undefined
let publicUrl = env.PUBLIC_URL
const app = createApp({
	database,
	logger,
	secretKey,
	trustProxy: env.TRUST_PROXY,
	publicUrl: () => publicUrl ?? 'http://localhost',
	renderThread,
	...appOptions,
})
const server = createServer(app)
// Longer than clients keep idle connections (undici: 4 s), so a client never sends on a socket
// the server is closing at that moment (ECONNRESET); proxies get the usual minute as well.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
const cable = services.attachCable(server, secretKey, () => publicUrl ?? '')
services.startReminders(() => publicUrl ?? 'http://localhost')
services.startOfferExpiry(() => publicUrl ?? 'http://localhost')
// Under a cluster, the first process keeps the schedule of backups (one a night, not one each).
if (clusterWorkerId() <= 1) services.startBackups()
const stopper = gracefulStopper(server)
server.listen(env.PORT, env.HOST, () => {
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT
	publicUrl ??= `http://localhost:${port}`
	logger.info(
		{ port, database: database.kind, process: clusterWorkerId(), pid: process.pid },
		`listening on http://localhost:${port}`,
	)
})

let stopping = false
async function stop(signal: string) {
	if (stopping) return
	stopping = true
	logger.info({ signal }, 'stopping: answering the requests already received')
	setTimeout(() => {
		logger.error('could not stop in time')
		process.exit(1)
	}, STOP_DEADLINE_MS).unref()
	// Live-update sockets are told to come back later; HTTP connections end after their answers.
	const [{ forced }] = await Promise.all([stopper.stop(ANSWER_DEADLINE_MS), cable.close()])
	if (forced) logger.warn({ connections: forced }, 'closed connections still busy at the deadline')
	await renderThread?.close()
	// Word counts under way stop here and stay pending: the next start counts them again.
	await services.close()
	await database.close()
	logger.info('stopped')
	process.exit(0)
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))
