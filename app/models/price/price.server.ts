import { aliasedTable, and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { languages, pairPrices } from '#database/schema.ts'
import type { Locale } from '#app/utils/locales.ts'
import {
	EXAMPLE_WORDS,
	lowestPricePerWord,
	pairKey,
	pairPricePerWord,
	totalFor,
	type CalculatorData,
	type PairQuote,
	type PricedPair,
} from '#app/models/price/rules.ts'
import { getSettings, listActiveLanguages } from '#app/models/site.server.ts'
import { memoContent } from '#app/models/content-memo.server.ts'

type Settings = Awaited<ReturnType<typeof getSettings>>

export class UnknownLanguageError extends Error {}

// The price of one language pair: its own price if staff set one, else the default price.
export async function quotePair(db: Database, fromCode: string, toCode: string, locale: Locale): Promise<PairQuote> {
	const found = await db
		.select({ id: languages.id, code: languages.code, nameDa: languages.nameDa, nameEn: languages.nameEn })
		.from(languages)
		.where(and(inArray(languages.code, [fromCode, toCode]), eq(languages.active, true)))
	const from = found.find((language) => language.code === fromCode)
	const to = found.find((language) => language.code === toCode)
	if (!from || !to) throw new UnknownLanguageError(!from ? fromCode : toCode)
	const [prices, settings] = await Promise.all([pairPriceMap(db), getSettings(db)])
	const pricePerWord = pairPricePerWord(prices, from.code, to.code, settings.defaultPricePerWord)
	const name = (language: typeof from) => (locale === 'da' ? language.nameDa : language.nameEn)
	return {
		from: name(from),
		to: name(to),
		pricePerWord,
		isDefaultPrice: prices[pairKey(from.code, to.code)] === undefined,
		minimumOrder: settings.minimumOrder,
		currency: settings.currency,
		example: { words: EXAMPLE_WORDS, total: Math.max(totalFor(pricePerWord, EXAMPLE_WORDS), settings.minimumOrder) },
	}
}

export type PairPriceRow = PricedPair

// Every pair of active languages and what it costs, optionally only the pairs with one language.
export const listPairPrices = memoContent(listPairPricesNow)

async function listPairPricesNow(
	db: Database,
	locale: Locale,
	settings: Settings,
	languageCode?: string,
): Promise<PairPriceRow[]> {
	const [active, prices] = await Promise.all([
		db.select().from(languages).where(eq(languages.active, true)).orderBy(asc(languages.position), asc(languages.id)),
		pairPriceMap(db),
	])
	const name = (language: (typeof active)[number]) => (locale === 'da' ? language.nameDa : language.nameEn)
	return active.flatMap((from) =>
		active
			.filter((to) => to.id !== from.id && (!languageCode || from.code === languageCode || to.code === languageCode))
			.map((to) => ({
				from: name(from),
				to: name(to),
				fromCode: from.code,
				toCode: to.code,
				pricePerWord: pairPricePerWord(prices, from.code, to.code, settings.defaultPricePerWord),
				isDefaultPrice: prices[pairKey(from.code, to.code)] === undefined,
			})),
	)
}

// The lowest price per word any pair costs today: what "from … per word" says on the pages.
export async function fromPricePerWord(db: Database, locale: Locale, settings: Settings): Promise<number> {
	return lowestPricePerWord(await listPairPrices(db, locale, settings), settings.defaultPricePerWord)
}

// Every pair's own price by "from-to" codes, for pages that price in the browser.
export const pairPriceMap = memoContent(pairPriceMapNow)

async function pairPriceMapNow(db: Database): Promise<Record<string, number>> {
	const rows = await pairPriceRows(db)
	return Object.fromEntries(rows.map((row) => [pairKey(row.from, row.to), row.pricePerWord]))
}

// Every pair's own certified page price by "from-to" codes; pairs without one cost the common page price.
export const pairPagePriceMap = memoContent(async (db: Database): Promise<Record<string, number>> => {
	const rows = await pairPriceRows(db)
	return Object.fromEntries(
		rows.flatMap((row) => (row.pricePerPage === null ? [] : [[pairKey(row.from, row.to), row.pricePerPage]])),
	)
})

function pairPriceRows(db: Database) {
	const from = aliasedTable(languages, 'from_language')
	const to = aliasedTable(languages, 'to_language')
	return db
		.select({
			from: from.code,
			to: to.code,
			pricePerWord: pairPrices.pricePerWord,
			pricePerPage: pairPrices.pricePerPage,
		})
		.from(pairPrices)
		.innerJoin(from, eq(from.id, pairPrices.fromLanguageId))
		.innerJoin(to, eq(to.id, pairPrices.toLanguageId))
}

// The calculator's languages and prices, as the price check and the order page price them.
export async function calculatorData(db: Database, locale: Locale, settings: Settings): Promise<CalculatorData> {
	const [languages, pairPrices] = await Promise.all([listActiveLanguages(db, locale), pairPriceMap(db)])
	const {
		defaultPricePerWord,
		minimumOrder,
		vatPercent,
		currency,
		calculatorMinWords: min,
		calculatorMaxWords: max,
	} = settings
	return { languages, pairPrices, defaultPricePerWord, minimumOrder, vatPercent, currency, min, max }
}
