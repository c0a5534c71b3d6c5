import type { AppServices } from '#app/models/services.ts'
import { getSettings } from '#app/models/site.server.ts'
import { mailText } from '#app/models/mail-text.server.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'

type Services = Pick<AppServices, 'db' | 'sendMail' | 'publicUrl'>

// A mailed link (sign in, confirm a new address, join a company), in the page's language.
export async function mailLink(
	services: Services,
	{
		to,
		kind,
		token,
		locale,
		vars = {},
	}: { to: string; kind: string; token: string; locale: Locale; vars?: Record<string, string> },
) {
	const settings = await getSettings(services.db)
	const all = {
		agency: settings.agencyName,
		url: `${services.publicUrl}${pathFor('accountLink', locale, { token })}`,
		...vars,
	}
	services.sendMail({
		to,
		replyTo: settings.email,
		subject: mailText(locale, `mail.account.${kind}Subject`, all),
		text: [
			mailText(locale, 'mail.account.greeting', all),
			mailText(locale, `mail.account.${kind}`, all),
			mailText(locale, 'mail.account.notYou', all),
			mailText(locale, 'mail.request.signature', all),
		].join('\n\n'),
	})
}
