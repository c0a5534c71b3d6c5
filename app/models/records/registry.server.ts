import type { z } from 'zod'
import type { Database } from '#database/client.ts'
import { userRepository } from '#app/models/staff/record.server.ts'
import { users } from '#app/models/staff/record.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { RecordDefinition, ResourceName } from '#app/models/records/definition.ts'
import { faqCategoryRepository } from '#app/models/records/faq-categories.server.ts'
import { faqCategories } from '#app/models/records/faq-categories.ts'
import { faqRepository } from '#app/models/records/faq.server.ts'
import { faq } from '#app/models/records/faq.ts'
import { languageRepository } from '#app/models/records/languages.server.ts'
import { languages } from '#app/models/records/languages.ts'
import { pageRepository } from '#app/models/records/pages.server.ts'
import { pages } from '#app/models/records/pages.ts'
import { priceRepository } from '#app/models/records/prices.server.ts'
import { prices } from '#app/models/records/prices.ts'
import type { FormRecord, ListRow, Repository } from '#app/models/records/repository.server.ts'
import { slideRepository } from '#app/models/records/slides.server.ts'
import { slides } from '#app/models/records/slides.ts'
import { teamRepository } from '#app/models/records/team.server.ts'
import { team } from '#app/models/records/team.ts'

// Values that passed a record type's schema, with what can be done with them: the schema's output
// type stays inside, so each repository is typed by it and the generic screens need no casts.
export type CheckedRecord = {
	values: Record<string, unknown>
	save: (db: Database, id: number | null) => Promise<number>
	describe: () => string
}
export type RecordStore = {
	list: (db: Database, locale: Locale) => Promise<ListRow[]>
	find: (db: Database, id: number) => Promise<FormRecord | null>
	remove: (db: Database, id: number) => Promise<void>
	describe: (record: FormRecord) => string
	check: (
		values: Record<string, unknown>,
		editing: boolean,
	) => { success: true; record: CheckedRecord } | { success: false; error: z.ZodError }
}

function store<S extends z.ZodType, E extends z.ZodType>(
	definition: RecordDefinition<S, E>,
	repository: Repository<z.output<S> | z.output<E>>,
): RecordStore {
	type Values = z.output<S> | z.output<E>
	return {
		list: repository.list,
		find: repository.find,
		remove: repository.remove,
		describe: (record) => repository.describe(record as Partial<Record<keyof Values, unknown>>),
		check(values, editing) {
			const parsed = (editing ? (definition.editSchema ?? definition.schema) : definition.schema).safeParse(values)
			if (!parsed.success) return { success: false, error: parsed.error }
			const checked = parsed.data as Values
			const save = async (db: Database, id: number | null) => {
				if (id === null) return repository.create(db, checked)
				await repository.update(db, id, checked)
				return id
			}
			return {
				success: true,
				record: { values: checked as Record<string, unknown>, save, describe: () => repository.describe(checked) },
			}
		},
	}
}

export const RECORD_STORES: Record<ResourceName, RecordStore> = {
	faq: store(faq, faqRepository),
	'faq-categories': store(faqCategories, faqCategoryRepository),
	team: store(team, teamRepository),
	languages: store(languages, languageRepository),
	prices: store(prices, priceRepository),
	slides: store(slides, slideRepository),
	pages: store(pages, pageRepository),
	users: store(users, userRepository),
}

// A unique index that a form can break, and the field to show the error on.
const UNIQUE_FIELDS: Record<string, string> = {
	languages_code_unique: 'code',
	pages_slug_da_unique: 'slugDa',
	pages_slug_en_unique: 'slugEn',
	users_email_unique: 'email',
	pair_prices_pair: 'toLanguageId',
}

export function uniqueViolationField(error: unknown): string | null {
	const cause =
		(error as { cause?: { code?: string; constraint?: string } })?.cause ??
		(error as { code?: string; constraint?: string })
	if (cause?.code !== '23505') return null
	return UNIQUE_FIELDS[cause.constraint ?? ''] ?? '_form'
}
