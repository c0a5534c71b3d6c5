import { and, eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { translations } from '#database/schema.ts'
import da from '#app/locales/da.json' with { type: 'json' }
import en from '#app/locales/en.json' with { type: 'json' }
import adminDa from '#app/locales/admin.da.json' with { type: 'json' }
import adminEn from '#app/locales/admin.en.json' with { type: 'json' }
import type { Messages } from '#app/utils/translate.ts'
import { LOCALES, type Locale } from '#app/utils/locales.ts'
import { NOT_FOR_READING } from '#app/utils/reading-pages.ts'
import { sanitizeInlineHtml } from '#app/models/rich-text/sanitize.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'

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

const visitorCache = new WeakMap<Messages, Messages>()
const readingCache = new WeakMap<Messages, Messages>()
// Texts only the server uses (mails, PDFs) and the in-place editor's own, which go to staff only.
const NOT_FOR_VISITORS = /^(editTexts|mail|reminder|quoteDocument)\./

// What a page sends to the browser: every page carries these, so what it never shows stays out
// (6 KB of the 43 the Danish texts were), and a page a visitor reads leaves out the order flow's
// and the account's (reading-pages.ts). Made once per loaded set of messages, not per request.
export async function loadPageMessages(
	db: Database,
	locale: Locale,
	canEditTexts: boolean,
	reading = false,
): Promise<Messages> {
	const messages = await loadMessages(db, locale)
	if (canEditTexts) return messages
	const forVisitors = leaving(visitorCache, messages, NOT_FOR_VISITORS)
	return reading ? leaving(readingCache, forVisitors, NOT_FOR_READING) : forVisitors
}

function leaving(cache: WeakMap<Messages, Messages>, messages: Messages, out: RegExp): Messages {
	let kept = cache.get(messages)
	if (!kept) {
		kept = Object.fromEntries(Object.entries(messages).filter(([key]) => !out.test(key)))
		cache.set(messages, kept)
	}
	return kept
}

// The admin's own texts are not edited in place, so they come straight from the files.
export const ADMIN_MESSAGES: Record<Locale, Messages> = { da: adminDa, en: adminEn }

// Every process keeps its messages; an edit anywhere makes them all read the table again
// (server/app.ts listens for TRANSLATIONS_STREAM).
export const TRANSLATIONS_STREAM = 'translations'

export function forgetMessages(): void {
	cache.clear()
}

export const isTranslationKey = (key: string) => LOCALES.some((locale) => key in DEFAULT_MESSAGES[locale])

export class UnknownTranslationKey extends Error {}

// Stores a staff member's text for one key and language, cleaned to inline formatting and
// links, and returns what was stored.
export async function saveTranslation(db: Database, locale: Locale, key: string, value: string): Promise<string> {
	if (!isTranslationKey(key)) throw new UnknownTranslationKey(key)
	const clean = sanitizeInlineHtml(value).trim()
	await db
		.insert(translations)
		.values({ locale, key, value: clean })
		.onConflictDoUpdate({
			target: [translations.locale, translations.key],
			set: { value: clean, updatedAt: new Date() },
		})
	forgetMessages()
	return clean
}

// Back to the text in the locale file.
export async function revertTranslation(db: Database, locale: Locale, key: string): Promise<boolean> {
	const removed = await db
		.delete(translations)
		.where(and(eq(translations.locale, locale), eq(translations.key, key)))
		.returning({ id: translations.id })
	forgetMessages()
	return removed.length > 0
}

export type TranslationRow = {
	key: string
	values: Record<Locale, { value: string; isOverridden: boolean; isMissing: boolean }>
}

// Every key either file knows, with each language's value, whether staff changed it, and
// whether it has none at all.
export function translationRows(
	defaults: Record<Locale, Messages>,
	overrides: { locale: string; key: string; value: string }[],
): TranslationRow[] {
	const keys = [...new Set(LOCALES.flatMap((locale) => Object.keys(defaults[locale])))].sort()
	const changed = new Map(overrides.map((row) => [`${row.locale}:${row.key}`, row.value]))
	return keys.map((key) => ({
		key,
		values: Object.fromEntries(
			LOCALES.map((locale) => {
				const override = changed.get(`${locale}:${key}`)
				const value = override ?? defaults[locale][key] ?? ''
				return [locale, { value, isOverridden: override !== undefined, isMissing: value.trim() === '' }]
			}),
		) as TranslationRow['values'],
	}))
}

export async function listTranslations(db: Database): Promise<TranslationRow[]> {
	const overrides = await db
		.select({ locale: translations.locale, key: translations.key, value: translations.value })
		.from(translations)
	return translationRows(DEFAULT_MESSAGES, overrides)
}

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger'>
type Actor = Pick<Staff, 'id' | 'name'>
type Text = { locale: Locale; key: string }

// Every process then forgets its cached texts, and the audit log keeps who changed which.
async function announce(services: Services, staff: Actor, { locale, key }: Text, summary: string) {
	await services.broadcast(TRANSLATIONS_STREAM, { locale, key })
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'translations',
		subjectId: `${locale}:${key}`,
		summary,
	})
}

// Staff change a text (on the texts page or in place on a public page); returns what was stored.
export async function editTranslation(services: Services, staff: Actor, text: Text & { value: string }) {
	const stored = await saveTranslation(services.db, text.locale, text.key, text.value)
	await announce(services, staff, text, `${text.locale} ${text.key}`)
	return stored
}

// Staff take a text back to the locale file's.
export async function restoreTranslation(services: Services, staff: Actor, text: Text): Promise<void> {
	await revertTranslation(services.db, text.locale, text.key)
	await announce(services, staff, text, `${text.locale} ${text.key} → default`)
}

const isIncomplete = (row: TranslationRow) => LOCALES.some((locale) => row.values[locale].isMissing)

// The texts page: the keys or values that contain the search (any case), or only those missing a language.
export async function findTranslations(db: Database, filter: { query: string; onlyMissing: boolean }) {
	return filterTranslations(await listTranslations(db), filter)
}

export function filterTranslations(
	all: TranslationRow[],
	{ query, onlyMissing }: { query: string; onlyMissing: boolean },
) {
	const needle = query.trim().toLowerCase()
	const matches = (row: TranslationRow) =>
		row.key.toLowerCase().includes(needle) ||
		LOCALES.some((locale) => row.values[locale].value.toLowerCase().includes(needle))
	const rows = all.filter((row) => (!onlyMissing || isIncomplete(row)) && (!needle || matches(row)))
	return { rows, total: all.length, missingCount: all.filter(isIncomplete).length }
}
