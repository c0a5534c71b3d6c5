import { asc, eq } from 'drizzle-orm'
import { faqCategories } from '#database/schema.ts'
import type { FaqCategoryValues } from '#app/models/records/faq-categories.ts'
import { removeById, updateRow, type Repository } from '#app/models/records/repository.server.ts'

export const faqCategoryRepository: Repository<FaqCategoryValues> = {
	async list(db) {
		const rows = await db.select().from(faqCategories).orderBy(asc(faqCategories.position), asc(faqCategories.id))
		return rows.map((row) => ({ id: row.id, cells: { nameDa: row.nameDa, nameEn: row.nameEn } }))
	},
	async find(db, id) {
		const [row] = await db.select().from(faqCategories).where(eq(faqCategories.id, id))
		return row ? { nameDa: row.nameDa, nameEn: row.nameEn } : null
	},
	async create(db, { nameDa, nameEn }) {
		const [row] = await db.insert(faqCategories).values({ nameDa, nameEn }).returning()
		return row!.id
	},
	update: (db, id, { nameDa, nameEn }) => updateRow(db, faqCategories, id, { nameDa, nameEn }),
	remove: removeById(faqCategories),
	describe: (values) => String(values.nameDa),
}
