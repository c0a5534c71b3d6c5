import { z } from 'zod'
import { column, defineRecord, field } from '#app/models/records/definition.ts'
import { numberField } from '#app/models/records/form.ts'

// Empty: the pair's certified pages cost the common page price (settings).
const optionalPrice = z.preprocess(
	(value) => (value === '' || value === undefined || value === null ? null : value),
	numberField({ min: 0.01, max: 100_000 }).nullable(),
)

const languageId = z.coerce.number({ error: 'errors.required' }).int().positive('errors.required')
export const priceSchema = z
	.object({
		fromLanguageId: languageId,
		toLanguageId: languageId,
		pricePerWord: numberField({ min: 0.01, max: 1000 }),
		pricePerPage: optionalPrice,
	})
	.refine((pair) => pair.fromLanguageId !== pair.toLanguageId, { message: 'errors.samePair', path: ['toLanguageId'] })
export type PriceValues = z.infer<typeof priceSchema>

export const prices = defineRecord<typeof priceSchema>('prices', {
	columns: [
		column('pair', 'fields.pair'),
		column('pricePerWord', 'fields.pricePerWord'),
		column('pricePerPage', 'fields.pricePerPage'),
	],
	fields: [
		field('fromLanguageId', 'select', 'fields.fromLanguage', { options: 'languages', required: true }),
		field('toLanguageId', 'select', 'fields.toLanguage', { options: 'languages', required: true }),
		field('pricePerWord', 'number', 'fields.pricePerWord', { required: true }),
		field('pricePerPage', 'number', 'fields.pricePerPage', { hint: 'hints.pricePerPage' }),
	],
	schema: priceSchema,
})
