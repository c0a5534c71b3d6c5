import { z } from 'zod'
import type { RecordDefinition } from '#app/models/records/definition.ts'
import { checkbox, requiredText } from '#app/models/records/form.ts'

export const languageSchema = z.object({
	code: requiredText(12)
		.transform((code) => code.toLowerCase())
		.pipe(z.string().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, 'errors.languageCode')),
	nameDa: requiredText(80),
	nameEn: requiredText(80),
	active: checkbox,
})
export type LanguageValues = z.infer<typeof languageSchema>

export const languages: RecordDefinition<typeof languageSchema> = {
	name: 'languages',
	title: 'languages.title',
	singular: 'languages.singular',
	sortModel: 'language',
	columns: [
		{ key: 'code', label: 'fields.code' },
		{ key: 'name', label: 'fields.name' },
		{ key: 'active', label: 'fields.active' },
	],
	fields: [
		{ name: 'code', kind: 'text', label: 'fields.code', required: true, hint: 'hints.languageCode' },
		{ name: 'nameDa', kind: 'text', label: 'fields.name', lang: 'da', required: true },
		{ name: 'nameEn', kind: 'text', label: 'fields.name', lang: 'en', required: true },
		{ name: 'active', kind: 'checkbox', label: 'fields.active' },
	],
	schema: languageSchema,
}
