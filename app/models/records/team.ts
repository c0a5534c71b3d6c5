import { z } from 'zod'
import type { RecordDefinition } from '#app/models/records/definition.ts'
import { imagePath, pairList, requiredText, richText } from '#app/models/records/form.ts'

export const teamSchema = z.object({
	name: requiredText(120),
	titleDa: requiredText(120),
	titleEn: requiredText(120),
	photoUrl: imagePath(false),
	bioDa: richText(false),
	bioEn: richText(false),
	pairs: pairList,
})
export type TeamValues = z.infer<typeof teamSchema>

export const team: RecordDefinition<typeof teamSchema> = {
	name: 'team',
	title: 'team.title',
	singular: 'team.singular',
	sortModel: 'team_member',
	columns: [
		{ key: 'name', label: 'fields.name' },
		{ key: 'title', label: 'fields.jobTitle' },
	],
	fields: [
		{ name: 'name', kind: 'text', label: 'fields.name', required: true },
		{ name: 'titleDa', kind: 'text', label: 'fields.jobTitle', lang: 'da', required: true },
		{ name: 'titleEn', kind: 'text', label: 'fields.jobTitle', lang: 'en', required: true },
		{ name: 'photoUrl', kind: 'image', label: 'fields.photo', hint: 'hints.image' },
		{ name: 'bioDa', kind: 'rich', label: 'fields.bio', lang: 'da', hint: 'hints.bio' },
		{ name: 'bioEn', kind: 'rich', label: 'fields.bio', lang: 'en', hint: 'hints.bio' },
		{ name: 'pairs', kind: 'tags', label: 'fields.pairs', options: 'languagePairs' },
	],
	schema: teamSchema,
}
