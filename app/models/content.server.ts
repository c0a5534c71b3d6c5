import { and, asc, eq, or } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import {
	faqCategories,
	faqItemCategories,
	faqItems,
	pages,
	slides,
	teamMemberPairs,
	teamMembers,
} from '#database/schema.ts'
import type { Locale } from '#app/utils/locales.ts'
import { memoContent } from '#app/models/content-memo.server.ts'
import { sanitizeRichHtml } from '#app/models/rich-text/sanitize.server.ts'
import { stripTags } from '#app/utils/translate.ts'
import { fromLanguages, PAIR_NAMES, PAIR_ORDER, toLanguages } from '#app/models/language-pairs.server.ts'

async function listFaqItemsNow(db: Database, locale: Locale, limit?: number) {
	const query = db.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id))
	const rows = limit ? await query.limit(limit) : await query
	return rows.map((row) => ({
		id: row.id,
		question: locale === 'da' ? row.questionDa : row.questionEn,
		answerHtml: sanitizeRichHtml(locale === 'da' ? row.answerDa : row.answerEn),
	}))
}

// The FAQ's categories that hold questions, in order, each with its questions' ids.
async function listFaqCategoriesNow(db: Database, locale: Locale) {
	const rows = await db
		.select({
			id: faqCategories.id,
			nameDa: faqCategories.nameDa,
			nameEn: faqCategories.nameEn,
			itemId: faqItemCategories.faqItemId,
		})
		.from(faqCategories)
		.innerJoin(faqItemCategories, eq(faqItemCategories.categoryId, faqCategories.id))
		.orderBy(asc(faqCategories.position), asc(faqCategories.id))
	const byId = new Map<number, { id: number; name: string; itemIds: number[] }>()
	for (const row of rows) {
		const category = byId.get(row.id) ?? { id: row.id, name: locale === 'da' ? row.nameDa : row.nameEn, itemIds: [] }
		category.itemIds.push(row.itemId)
		byId.set(row.id, category)
	}
	return [...byId.values()]
}

// The published pages shown in the services menu, each with its first paragraph as a summary.
async function listServicePagesNow(db: Database, locale: Locale) {
	const rows = await db
		.select()
		.from(pages)
		.where(and(eq(pages.published, true), eq(pages.showInMenu, true)))
		.orderBy(asc(pages.position), asc(pages.id))
	return rows.map((row) => ({
		title: locale === 'da' ? row.titleDa : row.titleEn,
		slug: locale === 'da' ? row.slugDa : row.slugEn,
		summary: summaryOf(locale === 'da' ? row.bodyDa : row.bodyEn),
	}))
}

const SUMMARY_LENGTH = 160
const SUMMARY_SCAN = 4000

// A page's first paragraph as plain text, cut at a word near SUMMARY_LENGTH characters.
export function summaryOf(html: string): string {
	// Never more than a few thousand characters are read, however long the paragraph staff wrote.
	const start = Math.max(html.indexOf('<p'), 0)
	const end = html.indexOf('</p>', start)
	const text = stripTags(html.slice(start, Math.min(end < 0 ? Infinity : end, start + SUMMARY_SCAN)))
		.replace(/\s+/g, ' ')
		.trim()
	if (text.length <= SUMMARY_LENGTH) return text
	const cut = text.lastIndexOf(' ', SUMMARY_LENGTH)
	return `${text.slice(0, cut > 0 ? cut : SUMMARY_LENGTH)} …`
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

async function listTeamMembersNow(db: Database, locale: Locale) {
	const [rows, pairs] = await Promise.all([
		db.select().from(teamMembers).orderBy(asc(teamMembers.position), asc(teamMembers.id)),
		db
			.select({
				memberId: teamMemberPairs.teamMemberId,
				...PAIR_NAMES,
			})
			.from(teamMemberPairs)
			.innerJoin(fromLanguages, eq(fromLanguages.id, teamMemberPairs.fromLanguageId))
			.innerJoin(toLanguages, eq(toLanguages.id, teamMemberPairs.toLanguageId))
			.orderBy(...PAIR_ORDER),
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
export const listFaqCategories = memoContent(listFaqCategoriesNow)
export const listServicePages = memoContent(listServicePagesNow)

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

// Every published content page's two addresses, in menu order (the sitemap).
export function listPublishedPageSlugs(db: Database) {
	return db
		.select({ slugDa: pages.slugDa, slugEn: pages.slugEn })
		.from(pages)
		.where(eq(pages.published, true))
		.orderBy(asc(pages.position), asc(pages.id))
}
