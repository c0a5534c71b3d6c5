import { z } from 'zod'
import { bilingual, column, defineRecord, field, inBothLanguages } from '#app/models/records/definition.ts'
import { imagePath, linkField, optionalText, requiredText } from '#app/models/records/form.ts'

const altText = optionalText(200).transform((value) => value ?? '')
export const slideSchema = z.object({
	imageUrl: imagePath(true),
	...inBothLanguages('alt', altText),
	...inBothLanguages('text', requiredText(1000)),
	...inBothLanguages('link', linkField),
})
export type SlideValues = z.infer<typeof slideSchema>

export const slides = defineRecord<typeof slideSchema>('slides', {
	sortModel: 'slide',
	columns: [column('text', 'fields.text'), column('image', 'fields.image')],
	fields: [
		field('imageUrl', 'image', 'fields.image', { required: true, hint: 'hints.image' }),
		...bilingual('alt', 'text', 'fields.alt', { hint: 'hints.alt' }),
		...bilingual('text', 'textarea', 'fields.text', { required: true }),
		...bilingual('link', 'text', 'fields.link', { hint: 'hints.link' }),
	],
	schema: slideSchema,
})
