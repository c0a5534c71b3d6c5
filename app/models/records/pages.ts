import { z } from 'zod'
import { bilingual, column, defineRecord, field, inBothLanguages } from '#app/models/records/definition.ts'
import { checkbox, requiredText, richText } from '#app/models/records/form.ts'

const slug = requiredText(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'errors.slug')
export const pageSchema = z.object({
	...inBothLanguages('title', requiredText(200)),
	...inBothLanguages('slug', slug),
	...inBothLanguages('body', richText(true)),
	published: checkbox,
	showInMenu: checkbox,
})
export type PageValues = z.infer<typeof pageSchema>

export const pages = defineRecord<typeof pageSchema>('pages', {
	columns: [column('title', 'fields.title'), column('slug', 'fields.slug'), column('published', 'fields.published')],
	fields: [
		...bilingual('title', 'text', 'fields.title', { required: true }),
		...bilingual('slug', 'text', 'fields.slug', { required: true, hint: 'hints.slug' }),
		...bilingual('body', 'rich', 'fields.body', { required: true }),
		field('published', 'checkbox', 'fields.published'),
		field('showInMenu', 'checkbox', 'fields.showInMenu'),
	],
	schema: pageSchema,
})
