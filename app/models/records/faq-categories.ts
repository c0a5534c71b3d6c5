import { z } from 'zod'
import { bilingual, column, defineRecord, inBothLanguages } from '#app/models/records/definition.ts'
import { requiredText } from '#app/models/records/form.ts'

export const faqCategorySchema = z.object(inBothLanguages('name', requiredText(80)))
export type FaqCategoryValues = z.infer<typeof faqCategorySchema>

export const faqCategories = defineRecord<typeof faqCategorySchema>('faq-categories', {
	columns: [column('nameDa', 'fields.nameDa'), column('nameEn', 'fields.nameEn')],
	fields: bilingual('name', 'text', 'fields.name', { required: true }),
	schema: faqCategorySchema,
})
