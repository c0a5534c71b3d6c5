import { z } from 'zod'
import type { RecordDefinition } from '#app/models/records/definition.ts'
import { imagePath, linkField, optionalText, requiredText } from '#app/models/records/form.ts'

const altText = optionalText(200).transform((value) => value ?? '')
export const slideSchema = z.object({
	imageUrl: imagePath(true),
	altDa: altText,
	altEn: altText,
	textDa: requiredText(1000),
	textEn: requiredText(1000),
	linkDa: linkField,
	linkEn: linkField,
})
export type SlideValues = z.infer<typeof slideSchema>

export const slides: RecordDefinition<typeof slideSchema> = {
	name: 'slides',
	title: 'slides.title',
	singular: 'slides.singular',
	sortModel: 'slide',
	columns: [
		{ key: 'text', label: 'fields.text' },
		{ key: 'image', label: 'fields.image' },
	],
	fields: [
		{ name: 'imageUrl', kind: 'image', label: 'fields.image', required: true, hint: 'hints.image' },
		{ name: 'altDa', kind: 'text', label: 'fields.alt', lang: 'da', hint: 'hints.alt' },
		{ name: 'altEn', kind: 'text', label: 'fields.alt', lang: 'en', hint: 'hints.alt' },
		{ name: 'textDa', kind: 'textarea', label: 'fields.text', lang: 'da', required: true },
		{ name: 'textEn', kind: 'textarea', label: 'fields.text', lang: 'en', required: true },
		{ name: 'linkDa', kind: 'text', label: 'fields.link', lang: 'da', hint: 'hints.link' },
		{ name: 'linkEn', kind: 'text', label: 'fields.link', lang: 'en', hint: 'hints.link' },
	],
	schema: slideSchema,
}
