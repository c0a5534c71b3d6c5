import type { DatabaseHandle } from '#database/client.ts'

// The tables that grow as the agency works. PostgreSQL's autovacuum keeps their planner statistics
// fresh; the embedded database has none, so without this the planner keeps guessing from the day
// the table was empty (the order list sorted every order on each page instead of walking its
// due-date index: 23 ms against 2 ms at 5,000 orders).
const GROWING_TABLES = [
	'orders',
	'order_events',
	'order_files',
	'order_downloads',
	'invoices',
	'quotes',
	'documents',
	'requests',
	'request_events',
	'audit_events',
]

export async function refreshStatistics(database: Pick<DatabaseHandle, 'kind' | 'db'>): Promise<void> {
	if (database.kind !== 'pglite') return
	await database.db.$client.query(`analyze ${GROWING_TABLES.join(', ')}`)
}
