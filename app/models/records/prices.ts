import { z } from 'zod'
import type { RecordDefinition } from '#app/models/records/definition.ts'
import { numberField } from '#app/models/records/form.ts'

const languageId = z.coerce.number({ error: 'errors.required' }).int().positive('errors.required')
export const priceSchema = z
	.object({ fromLanguageId: languageId, toLanguageId: languageId, pricePerWord: numberField({ min: 0.01, max: 1000 }) })
	.refine((pair) => pair.fromLanguageId !== pair.toLanguageId, { message: 'errors.samePair', path: ['toLanguageId'] })
export type PriceValues = z.infer<typeof priceSchema>

export const prices: RecordDefinition<typeof priceSchema> = {
	name: 'prices',
	title: 'prices.title',
	singular: 'prices.singular',
	columns: [
		{ key: 'pair', label: 'fields.pair' },
		{ key: 'pricePerWord', label: 'fields.pricePerWord' },
	],
	fields: [
		{ name: 'fromLanguageId', kind: 'select', label: 'fields.fromLanguage', options: 'languages', required: true },
		{ name: 'toLanguageId', kind: 'select', label: 'fields.toLanguage', options: 'languages', required: true },
		{ name: 'pricePerWord', kind: 'number', label: 'fields.pricePerWord', required: true },
	],
	schema: priceSchema,
}
