import type da from '#app/locales/da.json'
import type adminDa from '#app/locales/admin.da.json'

export type MessageKey = keyof typeof da
export type Messages = Record<string, string>

const pluralRules = new Map<string, Intl.PluralRules>()

// A numeric `count` picks the language's plural form through Intl.PluralRules: the key with the
// form's name appended ("request.documents.one") where the texts have one, else the key itself.
export function pluralKey(
	messages: Messages,
	key: string,
	vars: Record<string, string | number>,
	locale?: string,
): string {
	if (!locale || typeof vars.count !== 'number') return key
	let rules = pluralRules.get(locale)
	if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)))
	const form = `${key}.${rules.select(vars.count)}`
	return form in messages ? form : key
}

// Values may hold simple inline HTML (staff edit them); {{name}} is filled from vars.
export function translate(
	messages: Messages,
	key: string,
	vars: Record<string, string | number> = {},
	locale?: string,
): string {
	const template = messages[pluralKey(messages, key, vars, locale)] ?? key
	return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
		name in vars ? valueOf(vars[name]!, name, locale) : match,
	)
}

const countFormats = new Map<string, Intl.NumberFormat>()

// A numeric count is written the language's way ("4.604" in Danish, "4,604" in English); other
// numbers (an id, an invoice's number) as they are.
function valueOf(value: string | number, name: string, locale?: string): string {
	if (name !== 'count' || typeof value !== 'number' || !locale) return String(value)
	let format = countFormats.get(locale)
	if (!format) countFormats.set(locale, (format = new Intl.NumberFormat(locale)))
	return format.format(value)
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)

// The same, for a value shown as HTML: the template may hold markup, the values never do (a
// slide's text, a customer's name).
export function translateHtml(
	messages: Messages,
	key: string,
	vars: Record<string, string | number> = {},
	locale?: string,
): string {
	const escaped = Object.fromEntries(
		Object.entries(vars).map(([name, value]) => [name, typeof value === 'number' ? value : escapeHtml(value)]),
	)
	return translate(messages, key, escaped, locale)
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }

export function stripTags(html: string): string {
	return html.replace(/<[^>]*>/g, '').replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
}

export type AdminMessageKey = keyof typeof adminDa
