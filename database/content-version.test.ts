import { describe, expect, test } from 'vitest'
import { setupTestDatabase } from '#tests/setup/database.ts'

const test_ = setupTestDatabase()

// Everything the public pages show; the page cache is dropped when any of it changes.
const CONTENT_TABLES = ['languages', 'faq_items', 'faq_categories', 'faq_item_categories', 'team_members', 'team_member_pairs', 'pair_prices', 'slides', 'pages', 'photos', 'content_files', 'settings', 'translations']
// What a visitor's own actions write: none of it may drop the cache, or a busy day would keep it cold.
const VISITOR_TABLES = ['documents', 'quotes', 'requests', 'analytics_events', 'sessions', 'login_failures', 'companies']

describe('the content version', () => {
	const version = async () => Number((await test_.handle.pool.query('select version from content_version')).rows[0].version)

	test.each(CONTENT_TABLES)('moves, and is announced before the commit returns, with any statement on %s', async (table) => {
		const heard: number[] = []
		test_.handle.onContentChange((next) => heard.push(next))
		const before = await version()
		// A statement-level trigger: it fires even when no row matched.
		await test_.handle.pool.query(`delete from "${table}" where false`)
		expect(await version()).toBe(before + 1)
		expect(heard).toContain(before + 1)
	})

	test('stays when a change is rolled back, and is not announced', async () => {
		const before = await version()
		const heard: number[] = []
		test_.handle.onContentChange((next) => heard.push(next))
		const client = await test_.handle.pool.connect()
		try {
			await client.query('begin')
			await client.query(`update settings set phone = phone`)
			await client.query('rollback')
		} finally {
			client.release()
		}
		expect(await version()).toBe(before)
		expect(heard).toEqual([])
	})

	test.each(VISITOR_TABLES)('stays when a visitor writes %s', async (table) => {
		const before = await version()
		await test_.handle.pool.query(`delete from "${table}" where false`)
		expect(await version()).toBe(before)
	})
})
