// Production entry: `npm start`. Opens the database, migrates, seeds an empty one, serves,
// and stops gracefully on SIGTERM/SIGINT.
import { createServer } from 'node:http'
import path from 'node:path'
import { prepareDatabase } from '../database/prepare.ts'
import { parseEnv } from './env.ts'
import { createLogger } from './logger.ts'
import { ensureAdminAccount } from './admin-account.ts'
import { createLocalPubSub, createPostgresPubSub } from './cable/pubsub.ts'
import { attachCable } from './cable/server.ts'
import { createAnalysisQueue } from './analysis/queue.ts'
import { deleteExpiredDocuments, deleteUnfinishedUploads } from '../app/models/documents/retention.server.ts'
import { loadSecretKey } from './secret-key.ts'
import type { createApp as CreateApp } from './app.ts'

const STOP_DEADLINE_MS = 10_000
const FORCE_CLOSE_AFTER_MS = 8_000

const env = parseEnv()
const logger = createLogger(env)
const secretKey = loadSecretKey(env, logger)
const database = await prepareDatabase({
	databaseUrl: env.DATABASE_URL,
	dataDir: env.DATA_DIR,
	onSeeded: () => logger.info('seeded the empty database with demo content'),
})

const bundle = '../build/server/index.js'
const { createApp } = (await import(bundle)) as { createApp: typeof CreateApp }
const uploadsDir = path.resolve(env.DATA_DIR, 'uploads')
await ensureAdminAccount(database.db, env, logger)
const pubsub = env.DATABASE_URL ? await createPostgresPubSub(env.DATABASE_URL, database.db, logger) : createLocalPubSub()
const documentsDir = path.resolve(env.DATA_DIR, 'documents')
const analysis = createAnalysisQueue({ db: database.db, documentsDir, broadcast: pubsub.broadcast, logger })
await analysis.resume()
// Uploaded documents past their retention period go, at start and every hour.
const sweepDocuments = () =>
	deleteExpiredDocuments(database.db, documentsDir)
		.then((count) => count && logger.info({ documents: count }, 'deleted documents past their retention period'))
		.catch((error: unknown) => logger.error({ err: error }, 'document retention sweep failed'))
await sweepDocuments()
await deleteUnfinishedUploads(documentsDir)
setInterval(() => void sweepDocuments(), 60 * 60 * 1000).unref()
const app = createApp({
	database,
	logger,
	secretKey,
	uploadsDir,
	documentsDir,
	trustProxy: env.TRUST_PROXY,
	broadcast: pubsub.broadcast,
	enqueueAnalysis: analysis.enqueue,
})
const server = createServer(app)
const cable = attachCable(server, {
	db: database.db,
	secretKey,
	pubsub,
	logger,
	maxConnectionsPerAddress: env.CABLE_MAX_CONNECTIONS_PER_IP,
	trustProxy: env.TRUST_PROXY,
})
server.listen(env.PORT, env.HOST, () => {
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT
	logger.info({ port, database: database.kind }, `listening on http://localhost:${port}`)
})

let stopping = false
async function stop(signal: string) {
	if (stopping) return
	stopping = true
	logger.info({ signal }, 'stopping: finishing requests in flight')
	setTimeout(() => {
		logger.error('requests did not finish in time')
		process.exit(1)
	}, STOP_DEADLINE_MS).unref()
	setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_AFTER_MS).unref()
	// A keep-alive connection goes as soon as its last response is out, not at the deadline.
	const sweeper = setInterval(() => server.closeIdleConnections(), 100)
	server.close(async () => {
		clearInterval(sweeper)
		await analysis.close()
		await pubsub.close()
		await database.close()
		logger.info('stopped')
		process.exit(0)
	})
	server.closeIdleConnections()
	// Live-update sockets are not the HTTP server's to close: they are told to come back later.
	await cable.close()
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))
