import { eq } from 'drizzle-orm'
import { pairPrices } from '#database/schema.ts'
import type { PriceValues } from '#app/models/records/prices.ts'
import { byLocale, removeById, updateRow, type Repository } from '#app/models/records/repository.server.ts'
import { fromLanguages, PAIR_NAMES, PAIR_ORDER, toLanguages } from '#app/models/language-pairs.server.ts'

export const priceRepository: Repository<PriceValues> = {
	async list(db, locale) {
		const rows = await db
			.select({
				id: pairPrices.id,
				pricePerWord: pairPrices.pricePerWord,
				pricePerPage: pairPrices.pricePerPage,
				...PAIR_NAMES,
			})
			.from(pairPrices)
			.innerJoin(fromLanguages, eq(fromLanguages.id, pairPrices.fromLanguageId))
			.innerJoin(toLanguages, eq(toLanguages.id, pairPrices.toLanguageId))
			.orderBy(...PAIR_ORDER)
		return rows.map((row) => ({
			id: row.id,
			cells: {
				pair: `${byLocale(locale, row.fromDa, row.fromEn)} → ${byLocale(locale, row.toDa, row.toEn)}`,
				pricePerWord: String(row.pricePerWord),
				pricePerPage: row.pricePerPage === null ? '–' : String(row.pricePerPage),
			},
		}))
	},
	async find(db, id) {
		const [row] = await db.select().from(pairPrices).where(eq(pairPrices.id, id))
		return row
			? {
					fromLanguageId: String(row.fromLanguageId),
					toLanguageId: String(row.toLanguageId),
					pricePerWord: String(row.pricePerWord),
					pricePerPage: row.pricePerPage === null ? '' : String(row.pricePerPage),
				}
			: null
	},
	async create(db, values) {
		const [row] = await db.insert(pairPrices).values(values).returning({ id: pairPrices.id })
		return row!.id
	},
	update: (db, id, values) => updateRow(db, pairPrices, id, values),
	remove: removeById(pairPrices),
	describe: (values) =>
		`${String(values.fromLanguageId)} → ${String(values.toLanguageId)}: ${String(values.pricePerWord)}`,
}
