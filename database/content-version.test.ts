import { describe, expect, test } from 'vitest'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { contentGeneration } from '#database/content-version.ts'

const test_ = setupTestDatabase()

// Everything the public pages show; the page cache is dropped when any of it changes.
const CONTENT_TABLES = [
	'languages',
	'faq_items',
	'faq_categories',
	'faq_item_categories',
	'team_members',
	'team_member_pairs',
	'pair_prices',
	'slides',
	'pages',
	'photos',
	'content_files',
	'settings',
	'translations',
]
// What a visitor's own actions write: none of it may drop the cache, or a busy day would keep it cold.
const VISITOR_TABLES = [
	'documents',
	'quotes',
	'requests',
	'analytics_events',
	'sessions',
	'login_failures',
	'companies',
]

describe('the content version', () => {
	// Idle connections of the pool hear the last test's change a moment after it committed.
	const settle = () => new Promise((resolve) => setTimeout(resolve, 100))
	const version = async () =>
		Number((await test_.handle.pool.query('select version from content_version')).rows[0].version)

	test.each(CONTENT_TABLES)(
		'moves with any statement on %s, and this process hears it before the commit returns',
		async (table) => {
			const before = await version()
			const generation = contentGeneration()
			// A statement-level trigger: it fires even when no row matched.
			await test_.handle.pool.query(`delete from "${table}" where false`)
			// Heard at least once (more when other idle connections of the pool listen too).
			expect(contentGeneration()).toBeGreaterThan(generation)
			expect(await version()).toBe(before + 1)
		},
	)

	test('stays when a change is rolled back, and is not announced', async () => {
		await settle()
		const before = await version()
		const generation = contentGeneration()
		const client = await test_.handle.pool.connect()
		try {
			await client.query('begin')
			await client.query(`update settings set phone = phone`)
			await client.query('rollback')
		} finally {
			client.release()
		}
		expect(await version()).toBe(before)
		expect(contentGeneration()).toBe(generation)
	})

	test.each(VISITOR_TABLES)('stays when a visitor writes %s', async (table) => {
		await settle()
		const before = await version()
		const generation = contentGeneration()
		await test_.handle.pool.query(`delete from "${table}" where false`)
		expect(await version()).toBe(before)
		expect(contentGeneration()).toBe(generation)
	})
})
