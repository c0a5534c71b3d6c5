import { DEFAULT_MESSAGES } from '#app/models/translation.server.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'

// A mail's text in a language, from the site's messages, as plain text.
export function mailText(lang: Locale, key: string, vars: Record<string, string | number> = {}): string {
	return stripTags(translate(DEFAULT_MESSAGES[lang], key, vars, lang))
}

// How every mail to a customer ends: where their account is (its page asks them to sign in by a
// mailed link first), then the agency's greeting.
export function customerSignoff(publicUrl: string, lang: Locale, agency: string): string {
	const url = `${publicUrl}${pathFor('account', lang)}`
	return [mailText(lang, 'mail.account.line', { url }), mailText(lang, 'mail.request.signature', { agency })].join(
		'\n\n',
	)
}
