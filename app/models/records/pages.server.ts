import { asc, eq } from 'drizzle-orm'
import { pages } from '#database/schema.ts'
import { sanitizeRichHtml } from '#app/models/rich-text/sanitize.server.ts'
import type { PageValues } from '#app/models/records/pages.ts'
import { byLocale, removeById, updateRow, type Repository } from '#app/models/records/repository.server.ts'

const columns = (values: PageValues) => ({
	...values,
	bodyDa: sanitizeRichHtml(values.bodyDa),
	bodyEn: sanitizeRichHtml(values.bodyEn),
})

export const pageRepository: Repository<PageValues> = {
	async list(db, locale) {
		const rows = await db.select().from(pages).orderBy(asc(pages.position), asc(pages.id))
		return rows.map((row) => ({
			id: row.id,
			cells: {
				title: byLocale(locale, row.titleDa, row.titleEn),
				slug: byLocale(locale, row.slugDa, row.slugEn),
				published: row.published,
			},
		}))
	},
	async find(db, id) {
		const [row] = await db.select().from(pages).where(eq(pages.id, id))
		if (!row) return null
		const { titleDa, titleEn, slugDa, slugEn, bodyDa, bodyEn, published, showInMenu } = row
		return { titleDa, titleEn, slugDa, slugEn, bodyDa, bodyEn, published, showInMenu }
	},
	async create(db, values) {
		const [row] = await db.insert(pages).values(columns(values)).returning({ id: pages.id })
		return row!.id
	},
	update: (db, id, values) => updateRow(db, pages, id, columns(values)),
	remove: removeById(pages),
	describe: (values) => String(values.titleDa),
}
