import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { faqItems } from '#database/schema.ts'
import { countDemoRows, isDatabaseEmpty, seedDatabase } from '#database/seed.ts'
import {
	DEMO_FAQ,
	DEMO_FAQ_CATEGORIES,
	DEMO_LANGUAGES,
	DEMO_PAGES,
	DEMO_PAIR_PRICES,
	DEMO_SLIDES,
	DEMO_TEAM,
	DEMO_TEAM_PAIRS,
} from '#database/seed-data.ts'

const testDatabase = setupTestDatabase()

describe('migrations and demo content', () => {
	test('migrating twice is harmless', async () => {
		await migrateDatabase(testDatabase.handle)
		expect(await isDatabaseEmpty(testDatabase.handle.db)).toBe(true)
	})

	test('seeding is idempotent and keeps staff edits', async () => {
		await seedDatabase(testDatabase.handle.db, { companies: 500 })
		const expected = {
			languages: DEMO_LANGUAGES.length,
			faqItems: DEMO_FAQ.length,
			teamMembers: DEMO_TEAM.length,
			pages: DEMO_PAGES.length,
			faqCategories: DEMO_FAQ_CATEGORIES.length,
			pairPrices: DEMO_PAIR_PRICES.length,
			teamMemberPairs: Object.values(DEMO_TEAM_PAIRS).flat().length,
			slides: DEMO_SLIDES.length,
			companies: 500,
		}
		expect(await countDemoRows(testDatabase.handle.db)).toEqual(expected)
		await testDatabase.handle.db
			.update(faqItems)
			.set({ answerEn: '<p>Edited by staff</p>' })
			.where(eq(faqItems.questionDa, DEMO_FAQ[0]!.questionDa))
		await seedDatabase(testDatabase.handle.db, { companies: 500 })
		expect(await countDemoRows(testDatabase.handle.db)).toEqual(expected)
		const [edited] = await testDatabase.handle.db
			.select()
			.from(faqItems)
			.where(eq(faqItems.questionDa, DEMO_FAQ[0]!.questionDa))
		expect(edited!.answerEn).toBe('<p>Edited by staff</p>')
		expect(await isDatabaseEmpty(testDatabase.handle.db)).toBe(false)
	})

	test('a transaction that fails leaves nothing behind', async () => {
		const before = await countDemoRows(testDatabase.handle.db)
		await expect(
			testDatabase.handle.db.transaction(async (tx) => {
				await tx.insert(faqItems).values({ questionDa: 'q', questionEn: 'q', answerDa: 'a', answerEn: 'a' })
				throw new Error('abort')
			}),
		).rejects.toThrow('abort')
		expect(await countDemoRows(testDatabase.handle.db)).toEqual(before)
	})
})
