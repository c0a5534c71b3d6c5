import { asc, eq } from 'drizzle-orm'
import { slides } from '#database/schema.ts'
import type { SlideValues } from '#app/models/records/slides.ts'
import { byLocale, insertLast, removeById, updateRow, type Repository } from '#app/models/records/repository.server.ts'

export const slideRepository: Repository<SlideValues> = {
	async list(db, locale) {
		const rows = await db.select().from(slides).orderBy(asc(slides.position), asc(slides.id))
		return rows.map((row) => ({
			id: row.id,
			cells: { image: row.imageUrl, text: byLocale(locale, row.textDa, row.textEn) },
		}))
	},
	async find(db, id) {
		const [row] = await db.select().from(slides).where(eq(slides.id, id))
		if (!row) return null
		const { imageUrl, altDa, altEn, textDa, textEn, linkDa, linkEn } = row
		return { imageUrl, altDa, altEn, textDa, textEn, linkDa, linkEn }
	},
	create: (db, values) => insertLast(db, slides, values),
	update: (db, id, values) => updateRow(db, slides, id, values),
	remove: removeById(slides),
	describe: (values) => String(values.textDa).slice(0, 60),
}
