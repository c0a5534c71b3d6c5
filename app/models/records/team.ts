import { z } from 'zod'
import { bilingual, column, defineRecord, field, inBothLanguages } from '#app/models/records/definition.ts'
import { imagePath, pairList, requiredText, richText } from '#app/models/records/form.ts'

export const teamSchema = z.object({
	name: requiredText(120),
	...inBothLanguages('title', requiredText(120)),
	photoUrl: imagePath(false),
	...inBothLanguages('bio', richText(false)),
	pairs: pairList,
})
export type TeamValues = z.infer<typeof teamSchema>

export const team = defineRecord<typeof teamSchema>('team', {
	sortModel: 'team_member',
	columns: [column('name', 'fields.name'), column('title', 'fields.jobTitle')],
	fields: [
		field('name', 'text', 'fields.name', { required: true }),
		...bilingual('title', 'text', 'fields.jobTitle', { required: true }),
		field('photoUrl', 'image', 'fields.photo', { hint: 'hints.image' }),
		...bilingual('bio', 'rich', 'fields.bio', { hint: 'hints.bio' }),
		field('pairs', 'tags', 'fields.pairs', { options: 'languagePairs' }),
	],
	schema: teamSchema,
})
