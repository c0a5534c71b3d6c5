import { randomBytes } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents, quotes } from '#database/schema.ts'
import type { Locale } from '#app/utils/locales.ts'
import {
	calculateQuote,
	checkQuoteChoices,
	earliestDeliveryDate,
	type ChoiceProblem,
	type Quote,
	type QuoteChoiceFields,
	type QuoteDocument,
} from '#app/models/quote/rules.ts'
import { addCalendarDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { presentDocument } from '#app/models/documents/present.ts'
import { pairPagePriceMap, pairPriceMap } from '#app/models/price/price.server.ts'
import { pairPricePerWord } from '#app/models/price/rules.ts'
import { getSettings, listActiveLanguages } from '#app/models/site.server.ts'

export type QuoteChoices = QuoteChoiceFields

export type SavedQuoteDetails = {
	documents: QuoteDocument[]
	quote: Quote
	pricePerWord: number
	pricePerMinute: number
	repetitionPercent: number
	vatPercent: number
	minimumOrder: number
	fromName: string | null
	toName: string | null
}

export class QuoteRefused extends Error {
	readonly reason: 'no-documents' | ChoiceProblem['reason']
	// The choice to correct, if the refusal is about one.
	readonly field: keyof QuoteChoices | null
	constructor(reason: QuoteRefused['reason'], field: keyof QuoteChoices | null = null) {
		super(reason)
		this.reason = reason
		this.field = field
	}
}

// Prices the visitor's documents with the same rules the order page shows, and keeps the result
// with its own unguessable id, valid for the days set in the admin.
export async function saveQuote(
	db: Database,
	draftId: string | null,
	choices: QuoteChoices,
	locale: Locale,
): Promise<string> {
	const rows = draftId
		? await db.select().from(documents).where(eq(documents.draftId, draftId)).orderBy(asc(documents.createdAt))
		: []
	if (!draftId || rows.length === 0) throw new QuoteRefused('no-documents')
	const [settings, languages, pairPrices, pagePrices] = await Promise.all([
		getSettings(db),
		listActiveLanguages(db, locale),
		pairPriceMap(db),
		pairPagePriceMap(db),
	])
	const today = todayInDenmark()
	const { from, to, problems } = checkQuoteChoices(
		choices,
		languages,
		earliestDeliveryDate(today, settings.minDeliveryDays),
	)
	const [problem] = problems
	if (problem) throw new QuoteRefused(problem.reason, problem.field)

	const pricePerWord = pairPricePerWord(pairPrices, from?.code, to?.code, settings.defaultPricePerWord)
	const pricePerPage = pairPricePerWord(pagePrices, from?.code, to?.code, settings.certifiedPagePrice)
	const quoted = rows.map(presentDocument)
	const rates = { ...settings, pricePerWord, pricePerPage }
	const quote = calculateQuote(quoted, rates, {
		copies: choices.copies,
		deliveryDate: choices.delivery_date || null,
		today,
		certified: choices.certified ? { pages: choices.pages ?? 0, pdf: choices.certified_pdf ?? false } : null,
	})
	const details: SavedQuoteDetails = {
		documents: quoted.map(({ id, name, type, status, words, minutes, repeated_words, parts, corrected }) => ({
			id,
			name,
			type,
			status,
			words,
			minutes,
			repeated_words,
			parts,
			corrected,
		})),
		quote,
		pricePerWord,
		pricePerMinute: settings.pricePerMinute,
		repetitionPercent: settings.repetitionPercent,
		vatPercent: settings.vatPercent,
		minimumOrder: settings.minimumOrder,
		fromName: from?.name ?? null,
		toName: to?.name ?? null,
	}
	const id = randomBytes(24).toString('base64url')
	await db.insert(quotes).values({
		id,
		draftId,
		locale,
		fromLanguage: from?.code ?? null,
		toLanguage: to?.code ?? null,
		deliveryDate: choices.delivery_date || null,
		copies: choices.copies,
		currency: settings.currency,
		details,
		validUntil: addCalendarDays(today, settings.quoteValidityDays),
	})
	return id
}

export async function findQuote(db: Database, id: string) {
	if (!/^[\w-]{32}$/.test(id)) return null
	const [row] = await db.select().from(quotes).where(eq(quotes.id, id))
	return row ? { ...row, details: row.details as unknown as SavedQuoteDetails } : null
}
