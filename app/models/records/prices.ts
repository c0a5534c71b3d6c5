import { z } from 'zod'
import { column, defineRecord, field } from '#app/models/records/definition.ts'
import { numberField } from '#app/models/records/form.ts'

const languageId = z.coerce.number({ error: 'errors.required' }).int().positive('errors.required')
export const priceSchema = z
	.object({ fromLanguageId: languageId, toLanguageId: languageId, pricePerWord: numberField({ min: 0.01, max: 1000 }) })
	.refine((pair) => pair.fromLanguageId !== pair.toLanguageId, { message: 'errors.samePair', path: ['toLanguageId'] })
export type PriceValues = z.infer<typeof priceSchema>

export const prices = defineRecord<typeof priceSchema>('prices', {
	columns: [column('pair', 'fields.pair'), column('pricePerWord', 'fields.pricePerWord')],
	fields: [
		field('fromLanguageId', 'select', 'fields.fromLanguage', { options: 'languages', required: true }),
		field('toLanguageId', 'select', 'fields.toLanguage', { options: 'languages', required: true }),
		field('pricePerWord', 'number', 'fields.pricePerWord', { required: true }),
	],
	schema: priceSchema,
})
