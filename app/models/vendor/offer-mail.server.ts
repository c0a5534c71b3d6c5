import { eq } from 'drizzle-orm'
import { jobs, orders } from '#database/schema.ts'
import { getSettings } from '#app/models/site.server.ts'
import { mailTranslator, type NotifyServices } from '#app/models/vendor/notify.server.ts'
import { languageNames } from '#app/models/vendor/work.server.ts'
import { formatDateTime, formatNumber, formatPercent, formatPrice } from '#app/utils/format.ts'
import { mailText } from '#app/models/mail-text.server.ts'
import type { Locale } from '#app/utils/locales.ts'

export type OfferFacts = {
	reference: string
	jobId: number
	from: string
	to: string
	words: number
	repeatedWords: number
	deadline: Date
	expiresAt: Date
}

// What a translator needs to decide on an offer, from the mail alone and in their own language:
// the language pair, the words, the deadline, their own fee and when the offer lapses.
export async function mailOffers(
	services: NotifyServices,
	facts: OfferFacts,
	offers: { translatorId: number; fee: number; repetitionPercent: number | null }[],
): Promise<void> {
	const { currency } = await getSettings(services.db)
	const pair = await pairNames(services.db, facts.from, facts.to)
	for (const { translatorId, fee, repetitionPercent } of offers)
		await mailTranslator(services, translatorId, 'offer', (locale) => ({
			reference: facts.reference,
			jobId: String(facts.jobId),
			pair: pair(locale),
			words: formatNumber(facts.words, locale),
			counted: wordsOf(facts, repetitionPercent, locale),
			deadline: formatDateTime(facts.deadline, locale),
			answerBy: formatDateTime(facts.expiresAt, locale),
			fee: formatPrice(fee, currency, locale),
		}))
}

// "1.200" or, when repeated words pay less than the full rate, "1.200, heraf 300 gentagne ord til 30 % af din takst".
function wordsOf(facts: OfferFacts, repetitionPercent: number | null, locale: Locale) {
	const words = formatNumber(facts.words, locale)
	if (!facts.repeatedWords || repetitionPercent === null || repetitionPercent >= 100) return words
	const percent = formatPercent(repetitionPercent, locale)
	return mailText(locale, 'mail.job.repeated', { words, count: facts.repeatedWords, percent })
}

// The translators whose offers another one's accept withdrew are told, so the offer does not just
// vanish from their page (which lists it under "taken by another translator" for a day).
export async function mailTaken(services: NotifyServices, jobId: number, translatorIds: number[]): Promise<void> {
	if (!translatorIds.length) return
	const [job] = await services.db
		.select({ reference: orders.reference, from: jobs.fromLanguage, to: jobs.toLanguage })
		.from(jobs)
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.where(eq(jobs.id, jobId))
	if (!job) return
	const pair = await pairNames(services.db, job.from, job.to)
	for (const translatorId of translatorIds)
		await mailTranslator(services, translatorId, 'taken', (locale) => ({
			reference: job.reference,
			pair: pair(locale),
		}))
}

// "Dansk → Engelsk" in Danish, "Danish → English" in English.
async function pairNames(db: NotifyServices['db'], from: string, to: string) {
	const names = await languageNames(db, [from, to])
	const name = (code: string, locale: Locale) => names.get(code)?.[locale] ?? code
	return (locale: Locale) => `${name(from, locale)} → ${name(to, locale)}`
}
