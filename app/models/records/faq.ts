import { z } from 'zod'
import { bilingual, column, defineRecord, field, inBothLanguages } from '#app/models/records/definition.ts'
import { idList, requiredText, richText } from '#app/models/records/form.ts'

export const faqSchema = z.object({
	...inBothLanguages('question', requiredText()),
	...inBothLanguages('answer', richText(true)),
	categoryIds: idList,
})
export type FaqValues = z.infer<typeof faqSchema>

export const faq = defineRecord<typeof faqSchema>('faq', {
	sortModel: 'faq_item',
	columns: [column('question', 'fields.question'), column('categories', 'fields.categories')],
	fields: [
		...bilingual('question', 'text', 'fields.question', { required: true }),
		...bilingual('answer', 'rich', 'fields.answer', { required: true }),
		field('categoryIds', 'tags', 'fields.categories', { options: 'faqCategories' }),
	],
	schema: faqSchema,
})
