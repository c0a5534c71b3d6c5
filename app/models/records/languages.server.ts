import { asc, eq } from 'drizzle-orm'
import { languages } from '#database/schema.ts'
import type { LanguageValues } from '#app/models/records/languages.ts'
import { byLocale, insertLast, removeById, updateRow, type Repository } from '#app/models/records/repository.server.ts'

export const languageRepository: Repository<LanguageValues> = {
	async list(db, locale) {
		const rows = await db.select().from(languages).orderBy(asc(languages.position), asc(languages.id))
		return rows.map((row) => ({
			id: row.id,
			cells: { code: row.code, name: byLocale(locale, row.nameDa, row.nameEn), active: row.active },
		}))
	},
	async find(db, id) {
		const [row] = await db.select().from(languages).where(eq(languages.id, id))
		return row ? { code: row.code, nameDa: row.nameDa, nameEn: row.nameEn, active: row.active } : null
	},
	create: (db, values) => insertLast(db, languages, values),
	update: (db, id, values) => updateRow(db, languages, id, values),
	remove: removeById(languages),
	describe: (values) => `${String(values.nameDa)} (${String(values.code)})`,
}
