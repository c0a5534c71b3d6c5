// `npm run dev`: Vite in middleware mode with hot reload; the same app and database as production.
import { createServer } from 'node:http'
import path from 'node:path'
import express from 'express'
import { createServer as createViteServer } from 'vite'
import { prepareDatabase } from '../database/prepare.ts'
import { parseEnv } from './env.ts'
import { createLogger } from './logger.ts'
import { ensureAdminAccount } from './admin-account.ts'
import { createLocalPubSub, createPostgresPubSub } from './cable/pubsub.ts'
import { attachCable } from './cable/server.ts'
import { createAnalysisQueue } from './analysis/queue.ts'
import { loadSecretKey } from './secret-key.ts'
import type { createApp as CreateApp } from './app.ts'
import type { ServerBuild } from 'react-router'

const env = parseEnv({ ...process.env, NODE_ENV: 'development' })
const logger = createLogger(env)
const secretKey = loadSecretKey(env, logger)
const database = await prepareDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
const uploadsDir = path.resolve(env.DATA_DIR, 'uploads')
await ensureAdminAccount(database.db, env, logger)
const pubsub = env.DATABASE_URL ? await createPostgresPubSub(env.DATABASE_URL, database.db, logger) : createLocalPubSub()
const documentsDir = path.resolve(env.DATA_DIR, 'documents')
const analysis = createAnalysisQueue({ db: database.db, documentsDir, broadcast: pubsub.broadcast, logger })
await analysis.resume()

const vite = await createViteServer({ server: { middlewareMode: true } })
const outer = express()
outer.use(vite.middlewares)
outer.use(async (req, res, next) => {
	try {
		const { createApp } = (await vite.ssrLoadModule('./server/app.ts')) as { createApp: typeof CreateApp }
		const build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
		createApp({ database, logger, secretKey, uploadsDir, trustProxy: env.TRUST_PROXY, documentsDir, broadcast: pubsub.broadcast, enqueueAnalysis: analysis.enqueue, isDevelopment: true, build, clientDir: null })(req, res, next)
	} catch (error) {
		next(error)
	}
})
const server = createServer(outer).listen(env.PORT, () => logger.info(`dev server on http://localhost:${env.PORT}`))
// Vite's own hot-reload socket has its own path, so /cable can share the server.
attachCable(server, { db: database.db, secretKey, pubsub, logger, maxConnectionsPerAddress: env.CABLE_MAX_CONNECTIONS_PER_IP, trustProxy: env.TRUST_PROXY })
process.on('SIGINT', () => {
	server.close()
	void Promise.all([vite.close(), database.close()]).then(() => process.exit(0))
})
