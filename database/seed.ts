import { eq, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { generateCompanies } from '#app/models/company/generate.server.ts'
import { importCompanies } from '#app/models/company/import.server.ts'
import {
	companies,
	faqCategories,
	faqItemCategories,
	faqItems,
	languages,
	pages,
	pairPrices,
	settings,
	slides,
	teamMemberPairs,
	teamMembers,
} from '#database/schema.ts'
import {
	DEMO_FAQ,
	DEMO_FAQ_CATEGORIES,
	DEMO_LANGUAGES,
	DEMO_PAGES,
	DEMO_PAIR_PRICES,
	DEMO_SETTINGS,
	DEMO_SLIDES,
	DEMO_TEAM,
	DEMO_TEAM_PAIRS,
} from '#database/seed-data.ts'

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
	const rows = await db.select({ id: settings.id }).from(settings).limit(1)
	return rows.length === 0
}

// Adds what is missing and leaves alone what is there, so staff edits survive a re-run.
export const DEMO_COMPANY_COUNT = 20_000

export async function seedDatabase(
	db: Database,
	{ companies: companyCount = DEMO_COMPANY_COUNT }: { companies?: number } = {},
): Promise<void> {
	await db.transaction(async (tx) => {
		await tx
			.insert(settings)
			.values({ id: 1, ...DEMO_SETTINGS })
			.onConflictDoNothing()
		await tx.insert(languages).values(DEMO_LANGUAGES).onConflictDoNothing()
		await tx.insert(pages).values(DEMO_PAGES).onConflictDoNothing()
		for (const item of DEMO_FAQ) {
			const found = await tx.select({ id: faqItems.id }).from(faqItems).where(eq(faqItems.questionDa, item.questionDa))
			if (found.length === 0) await tx.insert(faqItems).values(item)
		}
		const languageIds = new Map(
			(await tx.select({ id: languages.id, code: languages.code }).from(languages)).map((row) => [row.code, row.id]),
		)
		const pairIds = (pair: string) => {
			const [from, to] = pair.split('-').map((code) => languageIds.get(code!))
			return from && to ? { fromLanguageId: from, toLanguageId: to } : null
		}
		for (const member of DEMO_TEAM) {
			const found = await tx.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.name, member.name))
			if (found.length > 0) continue
			const [created] = await tx.insert(teamMembers).values(member).returning({ id: teamMembers.id })
			const pairs = (DEMO_TEAM_PAIRS[member.name] ?? []).map(pairIds).filter((pair) => pair !== null)
			if (pairs.length)
				await tx.insert(teamMemberPairs).values(pairs.map((pair) => ({ teamMemberId: created!.id, ...pair })))
		}
		// Links are only made for a category created now, so a re-run does not undo staff edits.
		for (const { questions, ...category } of DEMO_FAQ_CATEGORIES) {
			const found = await tx
				.select({ id: faqCategories.id })
				.from(faqCategories)
				.where(eq(faqCategories.nameDa, category.nameDa))
			if (found.length > 0) continue
			const [created] = await tx.insert(faqCategories).values(category).returning({ id: faqCategories.id })
			const items = await tx.select({ id: faqItems.id, questionDa: faqItems.questionDa }).from(faqItems)
			const links = items
				.filter((item) => questions.includes(item.questionDa))
				.map((item) => ({ faqItemId: item.id, categoryId: created!.id }))
			if (links.length) await tx.insert(faqItemCategories).values(links)
		}
		for (const slide of DEMO_SLIDES) {
			const found = await tx.select({ id: slides.id }).from(slides).where(eq(slides.imageUrl, slide.imageUrl))
			if (found.length === 0) await tx.insert(slides).values(slide)
		}
		for (const { pair, pricePerWord } of DEMO_PAIR_PRICES) {
			const ids = pairIds(pair)
			if (ids)
				await tx
					.insert(pairPrices)
					.values({ ...ids, pricePerWord })
					.onConflictDoNothing()
		}
	}) // A synthetic company registry for the business picker, when there is none yet.
	const [anyCompany] = await db.select({ cvr: companies.cvr }).from(companies).limit(1)
	if (!anyCompany && companyCount > 0) await importCompanies(db, generateCompanies({ count: companyCount, seed: 1 }))
}

export async function countDemoRows(db: Database) {
	const count = async (
		table:
			| typeof companies
			| typeof languages
			| typeof faqItems
			| typeof teamMembers
			| typeof pages
			| typeof faqCategories
			| typeof pairPrices
			| typeof teamMemberPairs
			| typeof slides,
	) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0
	return {
		languages: await count(languages),
		faqItems: await count(faqItems),
		teamMembers: await count(teamMembers),
		pages: await count(pages),
		faqCategories: await count(faqCategories),
		pairPrices: await count(pairPrices),
		teamMemberPairs: await count(teamMemberPairs),
		slides: await count(slides),
		companies: await count(companies),
	}
}
