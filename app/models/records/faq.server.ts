import { asc, eq, inArray } from 'drizzle-orm'
import { faqCategories, faqItemCategories, faqItems } from '#database/schema.ts'
import { sanitizeRichHtml } from '#app/models/rich-text/sanitize.server.ts'
import type { FaqValues } from '#app/models/records/faq.ts'
import { byLocale, insertLast, removeById, updateRow } from '#app/models/records/repository.server.ts'
import type { Repository, Tx } from '#app/models/records/repository.server.ts'

const columns = (values: FaqValues) => ({
	questionDa: values.questionDa,
	questionEn: values.questionEn,
	answerDa: sanitizeRichHtml(values.answerDa),
	answerEn: sanitizeRichHtml(values.answerEn),
})

async function setCategories(tx: Tx, faqItemId: number, categoryIds: number[]) {
	await tx.delete(faqItemCategories).where(eq(faqItemCategories.faqItemId, faqItemId))
	const known = categoryIds.length
		? await tx.select({ id: faqCategories.id }).from(faqCategories).where(inArray(faqCategories.id, categoryIds))
		: []
	if (known.length) await tx.insert(faqItemCategories).values(known.map(({ id }) => ({ faqItemId, categoryId: id })))
}

export const faqRepository: Repository<FaqValues> = {
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
		insertLast(db, faqItems, columns(values), (tx, id) => setCategories(tx, id, values.categoryIds)),
	update: (db, id, values) =>
		updateRow(db, faqItems, id, columns(values), (tx) => setCategories(tx, id, values.categoryIds)),
	remove: removeById(faqItems),
	describe: (values) => String(values.questionDa),
}
