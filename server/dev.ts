// `npm run dev`: Vite in middleware mode with hot reload; the same app and database as production.
import { createServer } from 'node:http'
import express from 'express'
import { createServer as createViteServer } from 'vite'
import { boot } from '#server/boot.ts'
import { parseEnv } from '#server/env.ts'
import { startServices } from '#server/services.ts'
import type { createApp as CreateApp } from '#server/app.ts'
import type { ServerBuild } from 'react-router'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run dev')

const env = parseEnv({ ...process.env, NODE_ENV: 'development' })
const { logger, secretKey, database } = await boot(env)
const services = await startServices(env, database, logger)

const vite = await createViteServer({ server: { middlewareMode: true } })
const outer = express()
outer.use(vite.middlewares)
outer.use(async (req, res, next) => {
	try {
		const { createApp } = (await vite.ssrLoadModule('./server/app.ts')) as { createApp: typeof CreateApp }
		const build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
		createApp({
			database,
			logger,
			secretKey,
			trustProxy: env.TRUST_PROXY,
			publicUrl: () => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
			...services.appOptions,
			isDevelopment: true,
			build,
			clientDir: null,
		})(req, res, next)
	} catch (error) {
		next(error)
	}
})
const server = createServer(outer).listen(env.PORT, () => logger.info(`dev server on http://localhost:${env.PORT}`))
// Vite's own hot-reload socket has its own path, so /cable can share the server.
services.attachCable(server, secretKey)
services.startReminders(() => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`)
services.startOfferExpiry(() => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`)
process.on('SIGINT', () => {
	server.close()
	void Promise.all([vite.close(), services.close()])
		.then(() => database.close())
		.then(() => process.exit(0))
})
