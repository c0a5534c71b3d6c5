import { eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { translations } from '#database/schema.ts'
import da from '#app/locales/da.json'
import en from '#app/locales/en.json'
import adminDa from '#app/locales/admin.da.json'
import adminEn from '#app/locales/admin.en.json'
import type { Messages } from '#app/utils/i18n.ts'
import type { Locale } from '#app/utils/locales.ts'
import { sanitizeInlineHtml } from './rich-text.server.ts'

export const DEFAULT_MESSAGES: Record<Locale, Messages> = { da, en }

const cache = new Map<Locale, Messages>()

// The locale files hold the defaults; rows in `translations` are staff overrides.
export async function loadMessages(db: Database, locale: Locale): Promise<Messages> {
	const cached = cache.get(locale)
	if (cached) return cached
	const overrides = await db
		.select({ key: translations.key, value: translations.value })
		.from(translations)
		.where(eq(translations.locale, locale))
	const messages: Messages = { ...DEFAULT_MESSAGES[locale] }
	for (const { key, value } of overrides) messages[key] = sanitizeInlineHtml(value)
	cache.set(locale, messages)
	return messages
}

// The admin's own texts are not edited in place, so they come straight from the files.
export const ADMIN_MESSAGES: Record<Locale, Messages> = { da: adminDa, en: adminEn }
