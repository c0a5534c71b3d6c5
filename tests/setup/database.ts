import { afterAll, beforeAll } from 'vitest'
import { withClient } from '#app/models/backup/pg-tools.server.ts'
import type { DatabaseHandle } from '#database/client.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/scratch-database.ts'

export {
	createTestDatabase,
	openTestDatabase,
	SCRATCH,
	SEEDED_TEMPLATE_ENV,
	TEMPLATE_ENV,
	type TestDatabase,
} from '#tests/setup/scratch-database.ts'

// A migrated private database for the tests of one file, closed and dropped after them.
export function setupTestDatabase(): { readonly handle: DatabaseHandle } {
	let testDatabase: TestDatabase | undefined
	let handle: DatabaseHandle | undefined
	beforeAll(async () => {
		testDatabase = await createTestDatabase()
		handle = await openTestDatabase(testDatabase)
	})
	afterAll(async () => {
		await handle?.close()
		await testDatabase?.drop()
	})
	return {
		get handle() {
			if (!handle) throw new Error('the test database is not open yet')
			return handle
		},
	}
}

// Takes every connection to the test database away from under whoever holds it, from the server's
// side: PostgreSQL terminates their sessions; the embedded database closes them once they idle for
// the PGLITE_IDLE_DISCONNECT_MS (pgliteIdleDisconnectMs) its user was started with, so this waits
// past that.
export async function cutConnections(test: TestDatabase, pgliteIdleMs: number): Promise<void> {
	if (!test.databaseUrl) return new Promise((resolve) => setTimeout(resolve, pgliteIdleMs * 2 + 100))
	const name = new URL(test.databaseUrl).pathname.slice(1)
	await withClient(process.env.DATABASE_URL!, (admin) =>
		admin.query(
			'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
			[name],
		),
	)
	// As in real life, the next request comes a moment later, not in the same millisecond.
	await new Promise((resolve) => setTimeout(resolve, 200))
}
