import { z } from 'zod'
import type { RecordDefinition } from '#app/models/records/definition.ts'
import { idList, requiredText, richText } from '#app/models/records/form.ts'

export const faqSchema = z.object({
	questionDa: requiredText(),
	questionEn: requiredText(),
	answerDa: richText(true),
	answerEn: richText(true),
	categoryIds: idList,
})
export type FaqValues = z.infer<typeof faqSchema>

export const faq: RecordDefinition<typeof faqSchema> = {
	name: 'faq',
	title: 'faq.title',
	singular: 'faq.singular',
	sortModel: 'faq_item',
	columns: [
		{ key: 'question', label: 'fields.question' },
		{ key: 'categories', label: 'fields.categories' },
	],
	fields: [
		{ name: 'questionDa', kind: 'text', label: 'fields.question', lang: 'da', required: true },
		{ name: 'questionEn', kind: 'text', label: 'fields.question', lang: 'en', required: true },
		{ name: 'answerDa', kind: 'rich', label: 'fields.answer', lang: 'da', required: true },
		{ name: 'answerEn', kind: 'rich', label: 'fields.answer', lang: 'en', required: true },
		{ name: 'categoryIds', kind: 'tags', label: 'fields.categories', options: 'faqCategories' },
	],
	schema: faqSchema,
}
