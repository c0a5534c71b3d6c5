import { DEFAULT_MESSAGES } from '#app/models/translation.server.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'

// A mail's text in a language, from the site's messages, as plain text.
export function mailText(lang: Locale, key: string, vars: Record<string, string | number> = {}): string {
	return stripTags(translate(DEFAULT_MESSAGES[lang], key, vars, lang))
}
