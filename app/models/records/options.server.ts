import { asc } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { faqCategories, languages, ROLES } from '#database/schema.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { OptionSource } from '#app/models/records/definition.ts'

export type Option = { value: string; label: string }
export type Options = Partial<Record<OptionSource, Option[]>>

// The choices a form's selects and tag selects offer, in the staff member's language.
export async function loadOptions(db: Database, locale: Locale, sources: OptionSource[]): Promise<Options> {
	const wanted = new Set(sources)
	const options: Options = {}
	if (wanted.has('languages') || wanted.has('languagePairs')) {
		const rows = await db.select().from(languages).orderBy(asc(languages.position), asc(languages.id))
		const named = rows.map((row) => ({ value: String(row.id), label: locale === 'da' ? row.nameDa : row.nameEn }))
		options.languages = named
		options.languagePairs = named.flatMap((from) =>
			named
				.filter((to) => to.value !== from.value)
				.map((to) => ({ value: `${from.value}-${to.value}`, label: `${from.label} → ${to.label}` })),
		)
	}
	if (wanted.has('faqCategories')) {
		const rows = await db.select().from(faqCategories).orderBy(asc(faqCategories.position), asc(faqCategories.id))
		options.faqCategories = rows.map((row) => ({
			value: String(row.id),
			label: locale === 'da' ? row.nameDa : row.nameEn,
		}))
	}
	if (wanted.has('roles')) options.roles = ROLES.map((role) => ({ value: role, label: role }))
	return options
}
