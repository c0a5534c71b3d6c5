import { asc, eq } from 'drizzle-orm'
import { languages } from '#database/schema.ts'
import type { LanguageValues } from '#app/models/records/languages.ts'
import { byLocale, nextPosition, removeById, type Repository } from '#app/models/records/repository.server.ts'

export const languageRepository: Repository<LanguageValues> = {
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
				.values({ ...values, position: await nextPosition(tx, languages) })
				.returning({ id: languages.id })
			return row!.id
		}),
	async update(db, id, values) {
		await db.update(languages).set({ ...values, updatedAt: new Date() }).where(eq(languages.id, id))
	},
	remove: removeById(languages),
	describe: (values) => `${String(values.nameDa)} (${String(values.code)})`,
}
