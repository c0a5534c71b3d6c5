import { prepareDatabase, type PrepareOptions } from '#database/prepare.ts'
import type { Env } from '#server/env.ts'
import { createLogger, type Logger } from '#server/logger.ts'
import { loadSecretKey } from '#server/secret-key.ts'
import { keepDataPrivate } from '#server/private-files.ts'

// What both entries (`npm start`, `npm run dev`) open first: the log, the secret key, and the
// database, migrated and seeded when empty. `options` adds what an entry wants told (with the log).
export async function boot(env: Env, options: (logger: Logger) => Partial<PrepareOptions> = () => ({})) {
	keepDataPrivate(env.DATA_DIR)
	const logger = createLogger(env)
	const secretKey = loadSecretKey(env, logger)
	const database = await prepareDatabase({
		databaseUrl: env.DATABASE_URL,
		dataDir: env.DATA_DIR,
		demoCompanies: env.DEMO_COMPANIES,
		...options(logger),
	})
	return { logger, secretKey, database }
}
