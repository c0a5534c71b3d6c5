// Production entry: `npm start`. Opens the database, migrates, seeds an empty one, serves,
// and stops gracefully on SIGTERM/SIGINT.
import { createServer } from 'node:http'
import { prepareDatabase } from '../database/prepare.ts'
import { parseEnv } from './env.ts'
import { createLogger } from './logger.ts'
import { loadSecretKey } from './secret-key.ts'
import { startServices } from './services.ts'
import type { createApp as CreateApp } from './app.ts'

const STOP_DEADLINE_MS = 10_000
const FORCE_CLOSE_AFTER_MS = 8_000

const env = parseEnv()
const logger = createLogger(env)
const secretKey = loadSecretKey(env, logger)
const database = await prepareDatabase({
	databaseUrl: env.DATABASE_URL,
	dataDir: env.DATA_DIR,
	demoCompanies: env.DEMO_COMPANIES,
	onSeeded: () => logger.info('seeded the empty database with demo content'),
})

const bundle = '../build/server/index.js'
const { createApp } = (await import(bundle)) as { createApp: typeof CreateApp }
const services = await startServices(env, database, logger)
const app = createApp({ database, logger, secretKey, trustProxy: env.TRUST_PROXY, ...services.appOptions })
const server = createServer(app)
// Longer than clients keep idle connections (undici: 4 s), so a client never sends on a socket
// the server is closing at that moment (ECONNRESET); proxies get the usual minute as well.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
const cable = services.attachCable(server, secretKey)
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
		await services.close()
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
