import { asc, eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { languages, pages, settings } from '#database/schema.ts'
import { memoContent } from '#app/models/content-memo.server.ts'
import type { Locale } from '#app/utils/locales.ts'

async function getSettingsNow(db: Database) {
	const [row] = await db.select().from(settings).where(eq(settings.id, 1))
	if (!row) throw new Error('Settings are missing: run `npm run db:seed`.')
	return row
}

async function listMenuPagesNow(db: Database, locale: Locale) {
	const rows = await db
		.select({
			titleDa: pages.titleDa,
			titleEn: pages.titleEn,
			slugDa: pages.slugDa,
			slugEn: pages.slugEn,
			showInMenu: pages.showInMenu,
		})
		.from(pages)
		.where(eq(pages.published, true))
		.orderBy(asc(pages.position), asc(pages.id))
	return rows.map((row) => ({
		title: locale === 'da' ? row.titleDa : row.titleEn,
		slug: locale === 'da' ? row.slugDa : row.slugEn,
		showInMenu: row.showInMenu,
	}))
}

async function listActiveLanguagesNow(db: Database, locale: Locale) {
	const rows = await db
		.select()
		.from(languages)
		.where(eq(languages.active, true))
		.orderBy(asc(languages.position), asc(languages.id))
	return rows.map((row) => ({ code: row.code, name: locale === 'da' ? row.nameDa : row.nameEn }))
}

export const getSettings = memoContent(getSettingsNow)
export const listMenuPages = memoContent(listMenuPagesNow)
export const listActiveLanguages = memoContent(listActiveLanguagesNow)
