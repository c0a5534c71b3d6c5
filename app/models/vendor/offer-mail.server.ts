import { inArray } from 'drizzle-orm'
import { languages } from '#database/schema.ts'
import { getSettings } from '#app/models/site.server.ts'
import { mailTranslator, type NotifyServices } from '#app/models/vendor/notify.server.ts'
import { formatDateTime, formatNumber, formatPrice } from '#app/utils/format.ts'
import type { Locale } from '#app/utils/locales.ts'

export type OfferFacts = {
	reference: string
	jobId: number
	from: string
	to: string
	words: number
	deadline: Date
	expiresAt: Date
}

// What a translator needs to decide on an offer, from the mail alone and in their own language:
// the language pair, the words, the deadline, their own fee and when the offer lapses.
export async function mailOffers(
	services: NotifyServices,
	facts: OfferFacts,
	offers: { translatorId: number; fee: number }[],
): Promise<void> {
	const { currency } = await getSettings(services.db)
	const names = await services.db
		.select({ code: languages.code, da: languages.nameDa, en: languages.nameEn })
		.from(languages)
		.where(inArray(languages.code, [facts.from, facts.to]))
	const name = (code: string, locale: Locale) => names.find((row) => row.code === code)?.[locale] ?? code
	for (const { translatorId, fee } of offers)
		await mailTranslator(services, translatorId, 'offer', (locale) => ({
			reference: facts.reference,
			jobId: String(facts.jobId),
			pair: `${name(facts.from, locale)} → ${name(facts.to, locale)}`,
			words: formatNumber(facts.words, locale),
			deadline: formatDateTime(facts.deadline, locale),
			answerBy: formatDateTime(facts.expiresAt, locale),
			fee: formatPrice(fee, currency, locale),
		}))
}
