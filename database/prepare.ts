import { openDatabase, type DatabaseHandle } from './client.ts'
import { migrateDatabase } from './migrate.ts'
import { isDatabaseEmpty, seedDatabase } from './seed.ts'

type PrepareOptions = { databaseUrl?: string; dataDir: string; demoCompanies?: number; onSeeded?: () => void }

// What every server start does: open, migrate, and give an empty database the demo agency.
export async function prepareDatabase({ databaseUrl, dataDir, demoCompanies, onSeeded }: PrepareOptions): Promise<DatabaseHandle> {
	const database = await openDatabase({ databaseUrl, dataDir })
	await migrateDatabase(database)
	if (await isDatabaseEmpty(database.db)) {
		await seedDatabase(database.db, { companies: demoCompanies })
		onSeeded?.()
	}
	return database
}
