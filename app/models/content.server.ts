import { aliasedTable, asc, count, eq, or } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { faqItems, languages, pages, slides, teamMemberPairs, teamMembers } from '#database/schema.ts'
import type { Locale } from '#app/utils/locales.ts'
import { memoContent } from '#app/models/content-memo.server.ts'
import { sanitizeRichHtml } from '#app/models/rich-text/sanitize.server.ts'

async function listFaqItemsNow(db: Database, locale: Locale, limit?: number) {
	const query = db.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id))
	const rows = limit ? await query.limit(limit) : await query
	return rows.map((row) => ({
		id: row.id,
		question: locale === 'da' ? row.questionDa : row.questionEn,
		answerHtml: sanitizeRichHtml(locale === 'da' ? row.answerDa : row.answerEn),
	}))
}

async function listSlidesNow(db: Database, locale: Locale) {
	const rows = await db.select().from(slides).orderBy(asc(slides.position), asc(slides.id))
	return rows.map((row) => ({
		id: row.id,
		imageUrl: row.imageUrl,
		alt: locale === 'da' ? row.altDa : row.altEn,
		text: locale === 'da' ? row.textDa : row.textEn,
		link: (locale === 'da' ? row.linkDa : row.linkEn) || null,
	}))
}

const fromLanguages = aliasedTable(languages, 'from_languages')
const toLanguages = aliasedTable(languages, 'to_languages')

async function listTeamMembersNow(db: Database, locale: Locale) {
	const [rows, pairs] = await Promise.all([
		db.select().from(teamMembers).orderBy(asc(teamMembers.position), asc(teamMembers.id)),
		db
			.select({ memberId: teamMemberPairs.teamMemberId, fromDa: fromLanguages.nameDa, fromEn: fromLanguages.nameEn, toDa: toLanguages.nameDa, toEn: toLanguages.nameEn })
			.from(teamMemberPairs)
			.innerJoin(fromLanguages, eq(fromLanguages.id, teamMemberPairs.fromLanguageId))
			.innerJoin(toLanguages, eq(toLanguages.id, teamMemberPairs.toLanguageId))
			.orderBy(asc(fromLanguages.position), asc(toLanguages.position)),
	])
	return rows.map((row) => {
		const bio = locale === 'da' ? row.bioDa : row.bioEn
		return {
			id: row.id,
			name: row.name,
			title: locale === 'da' ? row.titleDa : row.titleEn,
			photoUrl: row.photoUrl,
			bioHtml: bio ? sanitizeRichHtml(bio) : null,
			pairs: pairs
				.filter((pair) => pair.memberId === row.id)
				.map((pair) => (locale === 'da' ? `${pair.fromDa} → ${pair.toDa}` : `${pair.fromEn} → ${pair.toEn}`)),
		}
	})
}

export const listFaqItems = memoContent(listFaqItemsNow)
export const listSlides = memoContent(listSlidesNow)
export const listTeamMembers = memoContent(listTeamMembersNow)

// A slug from either language finds the page, so a shared link survives a language switch.
export async function findPublishedPage(db: Database, slug: string) {
	const [row] = await db
		.select()
		.from(pages)
		.where(or(eq(pages.slugDa, slug), eq(pages.slugEn, slug)))
		.limit(1)
	return row?.published ? row : null
}

export function presentPage(row: NonNullable<Awaited<ReturnType<typeof findPublishedPage>>>, locale: Locale) {
	return {
		title: locale === 'da' ? row.titleDa : row.titleEn,
		bodyHtml: sanitizeRichHtml(locale === 'da' ? row.bodyDa : row.bodyEn),
		slugs: { da: row.slugDa, en: row.slugEn },
	}
}

// How much content there is, for the dashboard.
export async function countContent(db: Database) {
	const tally = async (table: typeof faqItems | typeof teamMembers | typeof languages | typeof slides | typeof pages) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0
	const [faq, team, languageCount, slideCount, pageCount] = await Promise.all([tally(faqItems), tally(teamMembers), tally(languages), tally(slides), tally(pages)])
	return { faq, team, languages: languageCount, slides: slideCount, pages: pageCount }
}

// Every published content page's two addresses, in menu order (the sitemap).
export function listPublishedPageSlugs(db: Database) {
	return db.select({ slugDa: pages.slugDa, slugEn: pages.slugEn }).from(pages).where(eq(pages.published, true)).orderBy(asc(pages.position), asc(pages.id))
}
