import { eq, sql } from 'drizzle-orm'
import type { Database } from './client.ts'
import { faqItems, languages, pages, settings, teamMembers } from './schema.ts'
import { DEMO_FAQ, DEMO_LANGUAGES, DEMO_PAGES, DEMO_SETTINGS, DEMO_TEAM } from './seed-data.ts'

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
	const rows = await db.select({ id: settings.id }).from(settings).limit(1)
	return rows.length === 0
}

// Adds what is missing and leaves alone what is there, so staff edits survive a re-run.
export async function seedDatabase(db: Database): Promise<void> {
	await db.transaction(async (tx) => {
		await tx.insert(settings).values({ id: 1, ...DEMO_SETTINGS }).onConflictDoNothing()
		await tx.insert(languages).values(DEMO_LANGUAGES).onConflictDoNothing()
		await tx.insert(pages).values(DEMO_PAGES).onConflictDoNothing()
		for (const item of DEMO_FAQ) {
			const found = await tx.select({ id: faqItems.id }).from(faqItems).where(eq(faqItems.questionDa, item.questionDa))
			if (found.length === 0) await tx.insert(faqItems).values(item)
		}
		for (const member of DEMO_TEAM) {
			const found = await tx.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.name, member.name))
			if (found.length === 0) await tx.insert(teamMembers).values(member)
		}
	})
}

export async function countDemoRows(db: Database) {
	const count = async (table: typeof languages | typeof faqItems | typeof teamMembers | typeof pages) =>
		(await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0
	return {
		languages: await count(languages),
		faqItems: await count(faqItems),
		teamMembers: await count(teamMembers),
		pages: await count(pages),
	}
}
