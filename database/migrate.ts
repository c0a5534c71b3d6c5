import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { DatabaseHandle } from '#database/client.ts'

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))
const MIGRATION_LOCK = 727_001

export async function migrateDatabase({ db, pool, kind }: DatabaseHandle): Promise<void> {
	if (kind === 'pglite') return migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
	// Several processes may start at once on one PostgreSQL: one migrates, the others wait.
	const lock = await pool.connect()
	try {
		await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
		await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
	} finally {
		await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
		lock.release()
	}
}
