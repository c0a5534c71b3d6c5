// npm run db:seed — migrates, then adds whatever demo content is missing (idempotent).
import { openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { countDemoRows, seedDatabase } from '#database/seed.ts'
import { parseEnv } from '#server/env.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run db:seed')

const env = parseEnv()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
	await migrateDatabase(database)
	await seedDatabase(database.db, { companies: env.DEMO_COMPANIES })
	console.log(`Seeded the ${database.kind} database:`, await countDemoRows(database.db))
} finally {
	await database.close()
}
