import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import type { DatabaseHandle } from './client.ts'
import { migrateDatabase } from './migrate.ts'
import { faqItems } from './schema.ts'
import { countDemoRows, isDatabaseEmpty, seedDatabase } from './seed.ts'
import { DEMO_FAQ, DEMO_FAQ_CATEGORIES, DEMO_LANGUAGES, DEMO_PAGES, DEMO_PAIR_PRICES, DEMO_TEAM, DEMO_TEAM_PAIRS } from './seed-data.ts'

let testDatabase: TestDatabase
let database: DatabaseHandle
beforeAll(async () => {
	testDatabase = await createTestDatabase()
	database = await openTestDatabase(testDatabase)
})
afterAll(async () => {
	await database?.close()
	await testDatabase?.drop()
})

describe('migrations and demo content', () => {
	test('migrating twice is harmless', async () => {
		await migrateDatabase(database)
		expect(await isDatabaseEmpty(database.db)).toBe(true)
	})

	test('seeding is idempotent and keeps staff edits', async () => {
		await seedDatabase(database.db)
		const expected = {
			languages: DEMO_LANGUAGES.length,
			faqItems: DEMO_FAQ.length,
			teamMembers: DEMO_TEAM.length,
			pages: DEMO_PAGES.length,
			faqCategories: DEMO_FAQ_CATEGORIES.length,
			pairPrices: DEMO_PAIR_PRICES.length,
			teamMemberPairs: Object.values(DEMO_TEAM_PAIRS).flat().length,
		}
		expect(await countDemoRows(database.db)).toEqual(expected)
		await database.db.update(faqItems).set({ answerEn: '<p>Edited by staff</p>' }).where(eq(faqItems.questionDa, DEMO_FAQ[0]!.questionDa))
		await seedDatabase(database.db)
		expect(await countDemoRows(database.db)).toEqual(expected)
		const [edited] = await database.db.select().from(faqItems).where(eq(faqItems.questionDa, DEMO_FAQ[0]!.questionDa))
		expect(edited!.answerEn).toBe('<p>Edited by staff</p>')
		expect(await isDatabaseEmpty(database.db)).toBe(false)
	})

	test('a transaction that fails leaves nothing behind', async () => {
		const before = await countDemoRows(database.db)
		await expect(
			database.db.transaction(async (tx) => {
				await tx.insert(faqItems).values({ questionDa: 'q', questionEn: 'q', answerDa: 'a', answerEn: 'a' })
				throw new Error('abort')
			}),
		).rejects.toThrow('abort')
		expect(await countDemoRows(database.db)).toEqual(before)
	})
})
