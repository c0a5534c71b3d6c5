// npm run db:migrate — applies pending migrations to DATABASE_URL, or to the embedded database.
import { openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { parseEnv } from '#server/env.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run db:migrate')

const env = parseEnv()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
	await migrateDatabase(database)
	console.log(`Migrated the ${database.kind} database.`)
} finally {
	await database.close()
}
