import { z } from 'zod'
import type { RecordDefinition } from '#app/models/records/definition.ts'
import { checkbox, requiredText, richText } from '#app/models/records/form.ts'

const slug = requiredText(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'errors.slug')
export const pageSchema = z.object({
	titleDa: requiredText(200),
	titleEn: requiredText(200),
	slugDa: slug,
	slugEn: slug,
	bodyDa: richText(true),
	bodyEn: richText(true),
	published: checkbox,
	showInMenu: checkbox,
})
export type PageValues = z.infer<typeof pageSchema>

export const pages: RecordDefinition<typeof pageSchema> = {
	name: 'pages',
	title: 'pages.title',
	singular: 'pages.singular',
	columns: [
		{ key: 'title', label: 'fields.title' },
		{ key: 'slug', label: 'fields.slug' },
		{ key: 'published', label: 'fields.published' },
	],
	fields: [
		{ name: 'titleDa', kind: 'text', label: 'fields.title', lang: 'da', required: true },
		{ name: 'titleEn', kind: 'text', label: 'fields.title', lang: 'en', required: true },
		{ name: 'slugDa', kind: 'text', label: 'fields.slug', lang: 'da', required: true, hint: 'hints.slug' },
		{ name: 'slugEn', kind: 'text', label: 'fields.slug', lang: 'en', required: true, hint: 'hints.slug' },
		{ name: 'bodyDa', kind: 'rich', label: 'fields.body', lang: 'da', required: true },
		{ name: 'bodyEn', kind: 'rich', label: 'fields.body', lang: 'en', required: true },
		{ name: 'published', kind: 'checkbox', label: 'fields.published' },
		{ name: 'showInMenu', kind: 'checkbox', label: 'fields.showInMenu' },
	],
	schema: pageSchema,
}
