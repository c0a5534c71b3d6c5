import { openDatabase, type DatabaseHandle, type OpenOptions } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { isDatabaseEmpty, seedDatabase } from '#database/seed.ts'

export type PrepareOptions = OpenOptions & { demoCompanies?: number; onSeeded?: () => void }

// What every server start does: open, migrate, and give an empty database the demo agency.
export async function prepareDatabase({ demoCompanies, onSeeded, ...open }: PrepareOptions): Promise<DatabaseHandle> {
	const database = await openDatabase(open)
	await migrateDatabase(database)
	if (await isDatabaseEmpty(database.db)) {
		await seedDatabase(database.db, { companies: demoCompanies })
		onSeeded?.()
	}
	return database
}
