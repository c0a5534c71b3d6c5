import { asc } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { languages } from '#database/schema.ts'

// Every language, for the translator's pairs (a pair may be one the site does not offer yet).
export async function listLanguageOptions(db: Database) {
	return db
		.select({ code: languages.code, nameDa: languages.nameDa, nameEn: languages.nameEn })
		.from(languages)
		.orderBy(asc(languages.position), asc(languages.nameDa))
}
