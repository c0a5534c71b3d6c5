import type { z } from 'zod'
import type { AdminMessageKey } from '#app/utils/translate.ts'

// What the generic admin screens show of a record type: its address, its fields and columns, and
// the schema its form is checked with. Browser-safe: the form screen renders from it.

export type FieldKind =
	'text' | 'textarea' | 'rich' | 'number' | 'checkbox' | 'select' | 'tags' | 'image' | 'email' | 'password'
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

export const RESOURCE_NAMES = [
	'faq',
	'faq-categories',
	'team',
	'languages',
	'prices',
	'slides',
	'pages',
	'users',
] as const
export type ResourceName = (typeof RESOURCE_NAMES)[number]

export type RecordDefinition<Schema extends z.ZodType = z.ZodType, EditSchema extends z.ZodType = Schema> = {
	name: ResourceName
	title: AdminMessageKey
	singular: AdminMessageKey
	// "Ny konto", "Nyt spørgsmål": the new record's title, whole (Danish says it by the word's gender).
	newTitle: AdminMessageKey
	sortModel?: SortableModel
	columns: { key: string; label: AdminMessageKey }[]
	fields: Field[]
	schema: Schema
	// The schema used when editing, where it differs (a password is optional then).
	editSchema?: EditSchema
}

// The generic screens see every record type through this one shape.
export type Resource = RecordDefinition<z.ZodType, z.ZodType>

type FieldOptions = Pick<Field, 'required' | 'options' | 'hint'>
export const field = (name: string, kind: FieldKind, label: AdminMessageKey, options: FieldOptions = {}): Field => ({
	name,
	kind,
	label,
	...options,
})

// A Danish and an English field side by side (nameDa, nameEn), the same rules for both.
export const bilingual = (name: string, kind: FieldKind, label: AdminMessageKey, options: FieldOptions = {}): Field[] =>
	(['da', 'en'] as const).map((lang) => ({
		name: `${name}${lang === 'da' ? 'Da' : 'En'}`,
		kind,
		label,
		lang,
		...options,
	}))

export function inBothLanguages<Name extends string, Schema extends z.ZodType>(name: Name, schema: Schema) {
	return { [`${name}Da`]: schema, [`${name}En`]: schema } as Record<`${Name}Da` | `${Name}En`, Schema>
}

export const column = (key: string, label: AdminMessageKey) => ({ key, label })

// A record type's definition; its title, singular and new record's title are the admin texts named
// after it ('faq-categories' → faqCategories.title, faqCategories.singular, faqCategories.newTitle).
export function defineRecord<Schema extends z.ZodType, EditSchema extends z.ZodType = Schema>(
	name: ResourceName,
	definition: Omit<RecordDefinition<Schema, EditSchema>, 'name' | 'title' | 'singular' | 'newTitle'>,
): RecordDefinition<Schema, EditSchema> {
	const texts = name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())
	return {
		name,
		title: `${texts}.title` as AdminMessageKey,
		singular: `${texts}.singular` as AdminMessageKey,
		newTitle: `${texts}.newTitle` as AdminMessageKey,
		...definition,
	}
}
