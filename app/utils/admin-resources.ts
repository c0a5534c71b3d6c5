import { z } from 'zod'
import type { AdminMessageKey } from './i18n.ts'
import { checkbox, idList, imagePath, linkField, numberField, optionalText, pairList, requiredText, richText } from './admin-form.ts'

// Every record type staff manage through the generic list and form screens: its address, its
// fields, and the schema its form is checked with on the server.

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

export type Resource = {
	name: ResourceName
	title: AdminMessageKey
	singular: AdminMessageKey
	sortModel?: SortableModel
	adminOnly?: boolean
	columns: { key: string; label: AdminMessageKey }[]
	fields: Field[]
	schema: z.ZodType<Record<string, unknown>>
	// The schema used when editing, where it differs (a password is optional then).
	editSchema?: z.ZodType<Record<string, unknown>>
}

const slug = requiredText(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'errors.slug')

const faq: Resource = {
	name: 'faq',
	title: 'faq.title',
	singular: 'faq.singular',
	sortModel: 'faq_item',
	columns: [
		{ key: 'question', label: 'fields.question' },
		{ key: 'categories', label: 'fields.categories' },
	],
	fields: [
		{ name: 'questionDa', kind: 'text', label: 'fields.question', lang: 'da', required: true },
		{ name: 'questionEn', kind: 'text', label: 'fields.question', lang: 'en', required: true },
		{ name: 'answerDa', kind: 'rich', label: 'fields.answer', lang: 'da', required: true },
		{ name: 'answerEn', kind: 'rich', label: 'fields.answer', lang: 'en', required: true },
		{ name: 'categoryIds', kind: 'tags', label: 'fields.categories', options: 'faqCategories' },
	],
	schema: z.object({
		questionDa: requiredText(),
		questionEn: requiredText(),
		answerDa: richText(true),
		answerEn: richText(true),
		categoryIds: idList,
	}),
}

const faqCategories: Resource = {
	name: 'faq-categories',
	title: 'faqCategories.title',
	singular: 'faqCategories.singular',
	columns: [
		{ key: 'nameDa', label: 'fields.nameDa' },
		{ key: 'nameEn', label: 'fields.nameEn' },
	],
	fields: [
		{ name: 'nameDa', kind: 'text', label: 'fields.name', lang: 'da', required: true },
		{ name: 'nameEn', kind: 'text', label: 'fields.name', lang: 'en', required: true },
	],
	schema: z.object({ nameDa: requiredText(80), nameEn: requiredText(80) }),
}

const team: Resource = {
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
	schema: z.object({
		name: requiredText(120),
		titleDa: requiredText(120),
		titleEn: requiredText(120),
		photoUrl: imagePath(false),
		bioDa: richText(false),
		bioEn: richText(false),
		pairs: pairList,
	}),
}

const languages: Resource = {
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
	schema: z.object({
		code: requiredText(12)
			.transform((code) => code.toLowerCase())
			.pipe(z.string().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, 'errors.languageCode')),
		nameDa: requiredText(80),
		nameEn: requiredText(80),
		active: checkbox,
	}),
}

const prices: Resource = {
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
	schema: z
		.object({
			fromLanguageId: z.coerce.number({ error: 'errors.required' }).int().positive('errors.required'),
			toLanguageId: z.coerce.number({ error: 'errors.required' }).int().positive('errors.required'),
			pricePerWord: numberField({ min: 0.01, max: 1000 }),
		})
		.refine((pair) => pair.fromLanguageId !== pair.toLanguageId, { message: 'errors.samePair', path: ['toLanguageId'] }),
}

const slides: Resource = {
	name: 'slides',
	title: 'slides.title',
	singular: 'slides.singular',
	sortModel: 'slide',
	columns: [
		{ key: 'text', label: 'fields.text' },
		{ key: 'image', label: 'fields.image' },
	],
	fields: [
		{ name: 'imageUrl', kind: 'image', label: 'fields.image', required: true, hint: 'hints.image' },
		{ name: 'altDa', kind: 'text', label: 'fields.alt', lang: 'da', hint: 'hints.alt' },
		{ name: 'altEn', kind: 'text', label: 'fields.alt', lang: 'en', hint: 'hints.alt' },
		{ name: 'textDa', kind: 'textarea', label: 'fields.text', lang: 'da', required: true },
		{ name: 'textEn', kind: 'textarea', label: 'fields.text', lang: 'en', required: true },
		{ name: 'linkDa', kind: 'text', label: 'fields.link', lang: 'da', hint: 'hints.link' },
		{ name: 'linkEn', kind: 'text', label: 'fields.link', lang: 'en', hint: 'hints.link' },
	],
	schema: z.object({
		imageUrl: imagePath(true),
		altDa: optionalText(200).transform((value) => value ?? ''),
		altEn: optionalText(200).transform((value) => value ?? ''),
		textDa: requiredText(1000),
		textEn: requiredText(1000),
		linkDa: linkField,
		linkEn: linkField,
	}),
}

const pages: Resource = {
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
	schema: z.object({
		titleDa: requiredText(200),
		titleEn: requiredText(200),
		slugDa: slug,
		slugEn: slug,
		bodyDa: richText(true),
		bodyEn: richText(true),
		published: checkbox,
		showInMenu: checkbox,
	}),
}

const userFields = {
	name: requiredText(120),
	email: requiredText(254).pipe(z.email('errors.email')),
	role: z.enum(['admin', 'editor'], 'errors.required'),
}
const password = requiredText(200).pipe(z.string().min(12, 'errors.passwordLength'))

const users: Resource = {
	name: 'users',
	title: 'users.title',
	singular: 'users.singular',
	adminOnly: true,
	columns: [
		{ key: 'name', label: 'fields.name' },
		{ key: 'email', label: 'fields.email' },
		{ key: 'role', label: 'fields.role' },
	],
	fields: [
		{ name: 'name', kind: 'text', label: 'fields.name', required: true },
		{ name: 'email', kind: 'email', label: 'fields.email', required: true },
		{ name: 'role', kind: 'select', label: 'fields.role', options: 'roles', required: true },
		{ name: 'password', kind: 'password', label: 'fields.password', hint: 'hints.password' },
	],
	schema: z.object({ ...userFields, password }),
	editSchema: z.object({ ...userFields, password: optionalText(200).pipe(z.string().min(12, 'errors.passwordLength').nullable()) }),
}

export const RESOURCES: Record<ResourceName, Resource> = {
	faq,
	'faq-categories': faqCategories,
	team,
	languages,
	prices,
	slides,
	pages,
	users,
}

export function resourceFromPath(pathname: string): Resource | null {
	const name = pathname.split('/')[2]?.replace(/\.data$/, '')
	return RESOURCE_NAMES.includes(name as ResourceName) ? RESOURCES[name as ResourceName] : null
}

// Form data → plain values for the schema: tags keep all their values, an unticked checkbox is absent.
export function formValues(resource: Resource, form: URLSearchParams | FormData): Record<string, unknown> {
	const values: Record<string, unknown> = {}
	for (const field of resource.fields) {
		if (field.kind === 'tags') values[field.name] = form.getAll(field.name).map(String)
		else if (field.kind === 'checkbox') values[field.name] = form.get(field.name) === 'on'
		else values[field.name] = form.get(field.name)?.toString() ?? ''
	}
	return values
}
