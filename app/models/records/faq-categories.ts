import { z } from 'zod'
import type { RecordDefinition } from '#app/models/records/definition.ts'
import { requiredText } from '#app/models/records/form.ts'

export const faqCategorySchema = z.object({ nameDa: requiredText(80), nameEn: requiredText(80) })
export type FaqCategoryValues = z.infer<typeof faqCategorySchema>

export const faqCategories: RecordDefinition<typeof faqCategorySchema> = {
	name: 'faq-categories',
	title: 'faqCategories.title',
	singular: 'faqCategories.singular',
	columns: [
		{ key: 'nameDa', label: 'fields.nameDa' },
		{ key: 'nameEn', label: 'fields.nameEn' },
	],
	fields: [
		{ name: 'nameDa', kind: 'text', label: 'fields.name', lang: 'da', required: true },
		{ name: 'nameEn', kind: 'text', label: 'fields.name', lang: 'en', required: true },
	],
	schema: faqCategorySchema,
}
