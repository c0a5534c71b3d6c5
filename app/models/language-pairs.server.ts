import { aliasedTable, asc } from 'drizzle-orm'
import { languages } from '#database/schema.ts'

// A row that names a pair (a price, a team member's pair) joins the languages table twice.
export const fromLanguages = aliasedTable(languages, 'from_languages')
export const toLanguages = aliasedTable(languages, 'to_languages')

// Both languages' names in Danish and English, for the select.
export const PAIR_NAMES = {
	fromDa: fromLanguages.nameDa,
	fromEn: fromLanguages.nameEn,
	toDa: toLanguages.nameDa,
	toEn: toLanguages.nameEn,
}

// Pairs in the languages' own order, "from" first.
export const PAIR_ORDER = [asc(fromLanguages.position), asc(toLanguages.position)]
