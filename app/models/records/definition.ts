import type { z } from 'zod'
import type { AdminMessageKey } from '#app/utils/i18n.ts'

// What the generic admin screens show of a record type: its address, its fields and columns, and
// the schema its form is checked with. Browser-safe: the form screen renders from it.

export type FieldKind = 'text' | 'textarea' | 'rich' | 'number' | 'checkbox' | 'select' | 'tags' | 'image' | 'email' | 'password'
export type OptionSource = 'languages' | 'faqCategories' | 'languagePairs' | 'roles'
export type Field = {
	name: string
	kind: FieldKind
	label: AdminMessageKey
	required?: boolean
	options?: OptionSource
	hint?: AdminMessageKey
	// A Danish/English pair is shown side by side.
	lang?: 'da' | 'en'
}

export const SORTABLE_MODELS = ['faq_item', 'team_member', 'language', 'slide'] as const
export type SortableModel = (typeof SORTABLE_MODELS)[number]

export const RESOURCE_NAMES = ['faq', 'faq-categories', 'team', 'languages', 'prices', 'slides', 'pages', 'users'] as const
export type ResourceName = (typeof RESOURCE_NAMES)[number]

export type RecordDefinition<Schema extends z.ZodType = z.ZodType, EditSchema extends z.ZodType = Schema> = {
	name: ResourceName
	title: AdminMessageKey
	singular: AdminMessageKey
	sortModel?: SortableModel
	adminOnly?: boolean
	columns: { key: string; label: AdminMessageKey }[]
	fields: Field[]
	schema: Schema
	// The schema used when editing, where it differs (a password is optional then).
	editSchema?: EditSchema
}

// The generic screens see every record type through this one shape.
export type Resource = RecordDefinition<z.ZodType, z.ZodType>
