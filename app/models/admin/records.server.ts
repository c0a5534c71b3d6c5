import { aliasedTable, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { faqCategories, faqItemCategories, faqItems, languages, pages, pairPrices, slides, teamMemberPairs, teamMembers, users } from '#database/schema.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { ResourceName } from '#app/utils/admin-resources.ts'
import { sanitizeRichHtml } from '../rich-text.server.ts'
import { changePassword, createStaff, normalizeEmail } from '../staff/account.server.ts'
import { revokeSessions } from '../staff/session.server.ts'

export type Cell = string | boolean | null
export type ListRow = { id: number; cells: Record<string, Cell> }
export type FormRecord = Record<string, string | string[] | boolean | null>
type Values = Record<string, unknown>
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

// What the generic admin screens need from each record type.
export type Repository = {
	list: (db: Database, locale: Locale) => Promise<ListRow[]>
	find: (db: Database, id: number) => Promise<FormRecord | null>
	create: (db: Database, values: Values) => Promise<number>
	update: (db: Database, id: number, values: Values) => Promise<void>
	remove: (db: Database, id: number) => Promise<void>
	// Names the record in the audit log and the flash message.
	describe: (values: Values | FormRecord) => string
}

const byLocale = (locale: Locale, da: string, en: string) => (locale === 'da' ? da : en)
// A new record goes to the end of its list.
const nextPosition = async (tx: Tx, table: typeof faqItems | typeof teamMembers | typeof languages | typeof slides) => {
	const [row] = await tx.select({ next: sql<number>`coalesce(max(${table.position}) + 1, 0)::int` }).from(table)
	return row?.next ?? 0
}
const str = (value: unknown) => value as string
const strOrNull = (value: unknown) => (value as string | null) ?? null
const rich = (value: unknown) => sanitizeRichHtml(str(value))
const richOrNull = (value: unknown) => (value ? sanitizeRichHtml(str(value)) : null)
const removeById =
	(table: typeof faqItems | typeof faqCategories | typeof teamMembers | typeof languages | typeof pairPrices | typeof slides | typeof pages) =>
	async (db: Database, id: number) => {
		await db.delete(table).where(eq(table.id, id))
	}

const faq: Repository = {
	async list(db, locale) {
		const items = await db.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id))
		const links = await db
			.select({ itemId: faqItemCategories.faqItemId, nameDa: faqCategories.nameDa, nameEn: faqCategories.nameEn })
			.from(faqItemCategories)
			.innerJoin(faqCategories, eq(faqCategories.id, faqItemCategories.categoryId))
		return items.map((item) => ({
			id: item.id,
			cells: {
				question: byLocale(locale, item.questionDa, item.questionEn),
				categories: links
					.filter((link) => link.itemId === item.id)
					.map((link) => byLocale(locale, link.nameDa, link.nameEn))
					.join(', '),
			},
		}))
	},
	async find(db, id) {
		const [item] = await db.select().from(faqItems).where(eq(faqItems.id, id))
		if (!item) return null
		const links = await db.select().from(faqItemCategories).where(eq(faqItemCategories.faqItemId, id))
		const { questionDa, questionEn, answerDa, answerEn } = item
		return { questionDa, questionEn, answerDa, answerEn, categoryIds: links.map((link) => String(link.categoryId)) }
	},
	create: (db, values) =>
		db.transaction(async (tx) => {
			const [row] = await tx
				.insert(faqItems)
				.values({ ...faqColumns(values), position: await nextPosition(tx, faqItems) })
				.returning({ id: faqItems.id })
			await setFaqCategories(tx, row!.id, values.categoryIds as number[])
			return row!.id
		}),
	update: (db, id, values) =>
		db.transaction(async (tx) => {
			await tx.update(faqItems).set({ ...faqColumns(values), updatedAt: new Date() }).where(eq(faqItems.id, id))
			await setFaqCategories(tx, id, values.categoryIds as number[])
		}),
	remove: removeById(faqItems),
	describe: (values) => str(values.questionDa),
}

function faqColumns(values: Values) {
	return { questionDa: str(values.questionDa), questionEn: str(values.questionEn), answerDa: rich(values.answerDa), answerEn: rich(values.answerEn) }
}

async function setFaqCategories(tx: Tx, faqItemId: number, categoryIds: number[]) {
	await tx.delete(faqItemCategories).where(eq(faqItemCategories.faqItemId, faqItemId))
	const known = categoryIds.length
		? await tx.select({ id: faqCategories.id }).from(faqCategories).where(inArray(faqCategories.id, categoryIds))
		: []
	if (known.length) await tx.insert(faqItemCategories).values(known.map(({ id }) => ({ faqItemId, categoryId: id })))
}

const faqCategoryRepository: Repository = {
	async list(db) {
		const rows = await db.select().from(faqCategories).orderBy(asc(faqCategories.position), asc(faqCategories.id))
		return rows.map((row) => ({ id: row.id, cells: { nameDa: row.nameDa, nameEn: row.nameEn } }))
	},
	async find(db, id) {
		const [row] = await db.select().from(faqCategories).where(eq(faqCategories.id, id))
		return row ? { nameDa: row.nameDa, nameEn: row.nameEn } : null
	},
	async create(db, values) {
		const [row] = await db.insert(faqCategories).values({ nameDa: str(values.nameDa), nameEn: str(values.nameEn) }).returning()
		return row!.id
	},
	async update(db, id, values) {
		await db.update(faqCategories).set({ nameDa: str(values.nameDa), nameEn: str(values.nameEn), updatedAt: new Date() }).where(eq(faqCategories.id, id))
	},
	remove: removeById(faqCategories),
	describe: (values) => str(values.nameDa),
}

const team: Repository = {
	async list(db, locale) {
		const rows = await db.select().from(teamMembers).orderBy(asc(teamMembers.position), asc(teamMembers.id))
		return rows.map((row) => ({ id: row.id, cells: { name: row.name, title: byLocale(locale, row.titleDa, row.titleEn) } }))
	},
	async find(db, id) {
		const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id))
		if (!row) return null
		const pairs = await db.select().from(teamMemberPairs).where(eq(teamMemberPairs.teamMemberId, id))
		const { name, titleDa, titleEn, photoUrl, bioDa, bioEn } = row
		return { name, titleDa, titleEn, photoUrl, bioDa, bioEn, pairs: pairs.map((pair) => `${pair.fromLanguageId}-${pair.toLanguageId}`) }
	},
	create: (db, values) =>
		db.transaction(async (tx) => {
			const [row] = await tx
				.insert(teamMembers)
				.values({ ...teamColumns(values), position: await nextPosition(tx, teamMembers) })
				.returning({ id: teamMembers.id })
			await setMemberPairs(tx, row!.id, values.pairs as string[])
			return row!.id
		}),
	update: (db, id, values) =>
		db.transaction(async (tx) => {
			await tx.update(teamMembers).set({ ...teamColumns(values), updatedAt: new Date() }).where(eq(teamMembers.id, id))
			await setMemberPairs(tx, id, values.pairs as string[])
		}),
	remove: removeById(teamMembers),
	describe: (values) => str(values.name),
}

function teamColumns(values: Values) {
	return {
		name: str(values.name),
		titleDa: str(values.titleDa),
		titleEn: str(values.titleEn),
		photoUrl: strOrNull(values.photoUrl),
		bioDa: richOrNull(values.bioDa),
		bioEn: richOrNull(values.bioEn),
	}
}

async function setMemberPairs(tx: Tx, teamMemberId: number, pairs: string[]) {
	await tx.delete(teamMemberPairs).where(eq(teamMemberPairs.teamMemberId, teamMemberId))
	const known = new Set((await tx.select({ id: languages.id }).from(languages)).map((row) => row.id))
	const rows = [...new Set(pairs)]
		.map((pair) => pair.split('-').map(Number) as [number, number])
		.filter(([from, to]) => from !== to && known.has(from) && known.has(to))
		.map(([fromLanguageId, toLanguageId]) => ({ teamMemberId, fromLanguageId, toLanguageId }))
	if (rows.length) await tx.insert(teamMemberPairs).values(rows)
}

const languageRepository: Repository = {
	async list(db, locale) {
		const rows = await db.select().from(languages).orderBy(asc(languages.position), asc(languages.id))
		return rows.map((row) => ({ id: row.id, cells: { code: row.code, name: byLocale(locale, row.nameDa, row.nameEn), active: row.active } }))
	},
	async find(db, id) {
		const [row] = await db.select().from(languages).where(eq(languages.id, id))
		return row ? { code: row.code, nameDa: row.nameDa, nameEn: row.nameEn, active: row.active } : null
	},
	create: (db, values) =>
		db.transaction(async (tx) => {
			const [row] = await tx
				.insert(languages)
				.values({ ...languageColumns(values), position: await nextPosition(tx, languages) })
				.returning({ id: languages.id })
			return row!.id
		}),
	async update(db, id, values) {
		await db.update(languages).set({ ...languageColumns(values), updatedAt: new Date() }).where(eq(languages.id, id))
	},
	remove: removeById(languages),
	describe: (values) => `${str(values.nameDa)} (${str(values.code)})`,
}

function languageColumns(values: Values) {
	return { code: str(values.code), nameDa: str(values.nameDa), nameEn: str(values.nameEn), active: Boolean(values.active) }
}

const fromLanguages = aliasedTable(languages, 'from_languages')
const toLanguages = aliasedTable(languages, 'to_languages')

const priceRepository: Repository = {
	async list(db, locale) {
		const rows = await db
			.select({
				id: pairPrices.id,
				pricePerWord: pairPrices.pricePerWord,
				fromDa: fromLanguages.nameDa,
				fromEn: fromLanguages.nameEn,
				toDa: toLanguages.nameDa,
				toEn: toLanguages.nameEn,
			})
			.from(pairPrices)
			.innerJoin(fromLanguages, eq(fromLanguages.id, pairPrices.fromLanguageId))
			.innerJoin(toLanguages, eq(toLanguages.id, pairPrices.toLanguageId))
			.orderBy(asc(fromLanguages.position), asc(toLanguages.position))
		return rows.map((row) => ({
			id: row.id,
			cells: { pair: `${byLocale(locale, row.fromDa, row.fromEn)} → ${byLocale(locale, row.toDa, row.toEn)}`, pricePerWord: String(row.pricePerWord) },
		}))
	},
	async find(db, id) {
		const [row] = await db.select().from(pairPrices).where(eq(pairPrices.id, id))
		return row ? { fromLanguageId: String(row.fromLanguageId), toLanguageId: String(row.toLanguageId), pricePerWord: String(row.pricePerWord) } : null
	},
	async create(db, values) {
		const [row] = await db.insert(pairPrices).values(priceColumns(values)).returning({ id: pairPrices.id })
		return row!.id
	},
	async update(db, id, values) {
		await db.update(pairPrices).set({ ...priceColumns(values), updatedAt: new Date() }).where(eq(pairPrices.id, id))
	},
	remove: removeById(pairPrices),
	describe: (values) => `${String(values.fromLanguageId)} → ${String(values.toLanguageId)}: ${String(values.pricePerWord)}`,
}

function priceColumns(values: Values) {
	return { fromLanguageId: values.fromLanguageId as number, toLanguageId: values.toLanguageId as number, pricePerWord: values.pricePerWord as number }
}

const slideRepository: Repository = {
	async list(db, locale) {
		const rows = await db.select().from(slides).orderBy(asc(slides.position), asc(slides.id))
		return rows.map((row) => ({ id: row.id, cells: { image: row.imageUrl, text: byLocale(locale, row.textDa, row.textEn) } }))
	},
	async find(db, id) {
		const [row] = await db.select().from(slides).where(eq(slides.id, id))
		if (!row) return null
		const { imageUrl, altDa, altEn, textDa, textEn, linkDa, linkEn } = row
		return { imageUrl, altDa, altEn, textDa, textEn, linkDa, linkEn }
	},
	create: (db, values) =>
		db.transaction(async (tx) => {
			const [row] = await tx
				.insert(slides)
				.values({ ...slideColumns(values), position: await nextPosition(tx, slides) })
				.returning({ id: slides.id })
			return row!.id
		}),
	async update(db, id, values) {
		await db.update(slides).set({ ...slideColumns(values), updatedAt: new Date() }).where(eq(slides.id, id))
	},
	remove: removeById(slides),
	describe: (values) => str(values.textDa).slice(0, 60),
}

function slideColumns(values: Values) {
	return {
		imageUrl: str(values.imageUrl),
		altDa: str(values.altDa),
		altEn: str(values.altEn),
		textDa: str(values.textDa),
		textEn: str(values.textEn),
		linkDa: strOrNull(values.linkDa),
		linkEn: strOrNull(values.linkEn),
	}
}

const pageRepository: Repository = {
	async list(db, locale) {
		const rows = await db.select().from(pages).orderBy(asc(pages.position), asc(pages.id))
		return rows.map((row) => ({
			id: row.id,
			cells: { title: byLocale(locale, row.titleDa, row.titleEn), slug: byLocale(locale, row.slugDa, row.slugEn), published: row.published },
		}))
	},
	async find(db, id) {
		const [row] = await db.select().from(pages).where(eq(pages.id, id))
		if (!row) return null
		const { titleDa, titleEn, slugDa, slugEn, bodyDa, bodyEn, published, showInMenu } = row
		return { titleDa, titleEn, slugDa, slugEn, bodyDa, bodyEn, published, showInMenu }
	},
	async create(db, values) {
		const [row] = await db.insert(pages).values(pageColumns(values)).returning({ id: pages.id })
		return row!.id
	},
	async update(db, id, values) {
		await db.update(pages).set({ ...pageColumns(values), updatedAt: new Date() }).where(eq(pages.id, id))
	},
	remove: removeById(pages),
	describe: (values) => str(values.titleDa),
}

function pageColumns(values: Values) {
	return {
		titleDa: str(values.titleDa),
		titleEn: str(values.titleEn),
		slugDa: str(values.slugDa),
		slugEn: str(values.slugEn),
		bodyDa: rich(values.bodyDa),
		bodyEn: rich(values.bodyEn),
		published: Boolean(values.published),
		showInMenu: Boolean(values.showInMenu),
	}
}

const userRepository: Repository = {
	async list(db) {
		const rows = await db.select().from(users).orderBy(asc(users.name))
		return rows.map((row) => ({ id: row.id, cells: { name: row.name, email: row.email, role: row.role } }))
	},
	async find(db, id) {
		const [row] = await db.select().from(users).where(eq(users.id, id))
		return row ? { name: row.name, email: row.email, role: row.role, password: '' } : null
	},
	async create(db, values) {
		const user = await createStaff(db, {
			name: str(values.name),
			email: str(values.email),
			role: values.role as 'admin' | 'editor',
			password: str(values.password),
		})
		return user.id
	},
	async update(db, id, values) {
		const [before] = await db.select({ role: users.role }).from(users).where(eq(users.id, id))
		const role = values.role as 'admin' | 'editor'
		await db.update(users).set({ name: str(values.name), email: normalizeEmail(str(values.email)), role, updatedAt: new Date() }).where(eq(users.id, id))
		if (values.password) await changePassword(db, id, str(values.password))
		else if (before && before.role !== role) await revokeSessions(db, id)
	},
	async remove(db, id) {
		await db.delete(users).where(eq(users.id, id))
	},
	describe: (values) => str(values.email),
}

export const REPOSITORIES: Record<ResourceName, Repository> = {
	faq,
	'faq-categories': faqCategoryRepository,
	team,
	languages: languageRepository,
	prices: priceRepository,
	slides: slideRepository,
	pages: pageRepository,
	users: userRepository,
}

// A unique index that a form can break, and the field to show the error on.
export const UNIQUE_FIELDS: Record<string, string> = {
	languages_code_unique: 'code',
	pages_slug_da_unique: 'slugDa',
	pages_slug_en_unique: 'slugEn',
	users_email_unique: 'email',
	pair_prices_pair: 'toLanguageId',
}

export function uniqueViolationField(error: unknown): string | null {
	const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? (error as { code?: string; constraint?: string })
	if (cause?.code !== '23505') return null
	return UNIQUE_FIELDS[cause.constraint ?? ''] ?? '_form'
}
