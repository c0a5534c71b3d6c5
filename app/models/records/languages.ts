import { z } from 'zod'
import { bilingual, column, defineRecord, field, inBothLanguages } from '#app/models/records/definition.ts'
import { checkbox, requiredText } from '#app/models/records/form.ts'

const code = requiredText(12)
	.transform((value) => value.toLowerCase())
	.pipe(z.string().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, 'errors.languageCode'))
export const languageSchema = z.object({ code, ...inBothLanguages('name', requiredText(80)), active: checkbox })
export type LanguageValues = z.infer<typeof languageSchema>

export const languages = defineRecord<typeof languageSchema>('languages', {
	sortModel: 'language',
	columns: [column('code', 'fields.code'), column('name', 'fields.name'), column('active', 'fields.active')],
	fields: [
		field('code', 'text', 'fields.code', { required: true, hint: 'hints.languageCode' }),
		...bilingual('name', 'text', 'fields.name', { required: true }),
		field('active', 'checkbox', 'fields.active'),
	],
	schema: languageSchema,
})
