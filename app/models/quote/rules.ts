import type { CountBreakdown } from '#app/models/wordcount/parts.ts'
import {
	addCalendarDays,
	addWorkingDays,
	isWorkingDay,
	workingDaysBetween,
	type CalendarDate,
} from '#app/models/calendar/working-days.ts'

// The quote, from the documents' counts and the customer's choices. Shared by the order page (an
// instant answer in the browser) and the server (the stored quote), so both say the same.

export type QuoteDocument = {
	name: string
	status: 'pending' | 'counted' | 'manual'
	words: number | null
	minutes: number | null
	type: string
	// Words in sentences already seen in this order: priced at repetitionPercent of the price.
	repeated_words?: number
	// The document's id (quotes saved before 24 November 2026 do not have it).
	id?: string
	// What the count is made of, and whether staff counted it again.
	parts?: CountBreakdown | null
	corrected?: boolean
}

export type QuoteRates = {
	pricePerWord: number
	pricePerMinute: number
	repetitionPercent: number
	minimumOrder: number
	certifiedCopyPrice: number
	vatPercent: number
	wordsPerDay: number
	expressSurcharge1Day: number
	expressSurcharge2Days: number
}

// A certified translation is priced by the page, as the trade does: a page is up to this many words.
export const CERTIFIED_PAGE_WORDS = 250

// Certified: the customer's pages of scans and photos (which no one can count by machine), and
// whether they want the digitally signed PDF.
export type CertifiedChoice = { pages: number; pdf: boolean }
export type CertifiedRates = { pricePerPage: number; certifiedPdfPrice: number }

export type QuoteChoices = {
	copies: number
	deliveryDate: CalendarDate | null
	today: CalendarDate
	certified?: CertifiedChoice | null
}

const SUBTITLES = new Set(['srt', 'vtt'])
const round2 = (amount: number) => Math.round(amount * 100) / 100

// Pages of a certified document: every started page of CERTIFIED_PAGE_WORDS words, at least one.
export const certifiedPages = (words: number) => Math.max(1, Math.ceil(words / CERTIFIED_PAGE_WORDS))

export function quoteLine(
	document: QuoteDocument,
	rates: Pick<QuoteRates, 'pricePerWord' | 'pricePerMinute' | 'repetitionPercent'>,
	certified: (CertifiedRates & CertifiedChoice) | null = null,
) {
	// Certified: a counted document by its pages; a scan or photo by the pages the customer gave.
	if (certified && document.status === 'counted' && document.words) {
		const pages = certifiedPages(document.words)
		return {
			name: document.name,
			basis: 'pages' as const,
			quantity: pages,
			amount: round2(pages * certified.pricePerPage),
		}
	}
	if (certified && certified.pages > 0 && document.status !== 'counted')
		return { name: document.name, basis: 'stated' as const, amount: 0 }
	if (document.status !== 'counted')
		return {
			name: document.name,
			basis: document.status === 'manual' ? ('manual' as const) : ('pending' as const),
			amount: 0,
		}
	// Subtitles are translated by their words; other media by their minutes.
	if (document.minutes !== null && !SUBTITLES.has(document.type) && !document.words) {
		return {
			name: document.name,
			basis: 'minutes' as const,
			quantity: document.minutes,
			amount: round2(document.minutes * rates.pricePerMinute),
		}
	}
	const words = document.words ?? 0
	const repeated = Math.min(words, document.repeated_words ?? 0)
	const amount = Math.round(
		(words - repeated) * rates.pricePerWord + (repeated * rates.pricePerWord * rates.repetitionPercent) / 100,
	)
	return {
		name: document.name,
		basis: 'words' as const,
		quantity: words,
		repeated,
		amount,
		parts: document.parts ?? null,
		corrected: document.corrected ?? false,
	}
}

// Working days the translation takes at the normal pace: one for every `wordsPerDay` words, at least one.
export function standardDays(words: number, wordsPerDay: number): number {
	return Math.max(1, Math.ceil(words / wordsPerDay))
}

type ExpressRates = Pick<QuoteRates, 'expressSurcharge1Day' | 'expressSurcharge2Days'>

// The express surcharge (percent) for delivery on `date`, when the work takes `days` working days
// at the normal pace: none if there is time, else the 1-day or the 2-day surcharge.
export function expressSurchargeFor(
	today: CalendarDate,
	date: CalendarDate,
	days: number,
	rates: ExpressRates,
): number {
	const available = workingDaysBetween(today, date)
	return available >= days ? 0 : available <= 1 ? rates.expressSurcharge1Day : rates.expressSurcharge2Days
}

export function calculateQuote(
	documents: QuoteDocument[],
	rates: QuoteRates & Partial<CertifiedRates>,
	choices: QuoteChoices,
) {
	const certified = choices.certified
		? { pricePerPage: rates.pricePerPage ?? 0, certifiedPdfPrice: rates.certifiedPdfPrice ?? 0, ...choices.certified }
		: null
	const lines = documents.map((document) => quoteLine(document, rates, certified))
	// The pace is by words; a certified page counts as a full page of them.
	const words = wordsOf(lines) + pagesOf(lines, certified) * CERTIFIED_PAGE_WORDS
	const days = standardDays(words, rates.wordsPerDay)
	const standardDate = addWorkingDays(choices.today, days)
	const surchargePercent = choices.deliveryDate
		? expressSurchargeFor(choices.today, choices.deliveryDate, days, rates)
		: 0
	const copies = round2(Math.max(0, choices.copies) * rates.certifiedCopyPrice)
	const extras = certifiedExtras(certified)
	return { ...totals(lines, rates, surchargePercent, copies, extras), standardDate, surchargePercent }
}

// What a certified quote adds besides its documents' pages: the scanned pages and the signed PDF.
export type CertifiedExtras = {
	pricePerPage: number
	scannedPages: number
	scanned: number
	certifiedPdf: number
} | null

function certifiedExtras(certified: (CertifiedRates & CertifiedChoice) | null): CertifiedExtras {
	if (!certified) return null
	const scannedPages = Math.max(0, Math.floor(certified.pages))
	return {
		pricePerPage: certified.pricePerPage,
		scannedPages,
		scanned: round2(scannedPages * certified.pricePerPage),
		certifiedPdf: certified.pdf ? certified.certifiedPdfPrice : 0,
	}
}

const pagesOf = (lines: Line[], certified: CertifiedChoice | null) =>
	lines.reduce((sum, line) => sum + (line.basis === 'pages' ? (line.quantity ?? 0) : 0), 0) + (certified?.pages ?? 0)

// A saved quote again, after staff corrected a document's count: on the terms it was given (the
// same prices, repetition share, minimum, express percentage, copies and dates); only the counts change.
export type QuoteTerms = Pick<
	QuoteRates,
	'pricePerWord' | 'pricePerMinute' | 'repetitionPercent' | 'minimumOrder' | 'vatPercent'
>
export function requote(quote: Quote, terms: QuoteTerms, documents: QuoteDocument[]): Quote {
	const { certified } = quote
	const pricing = certified
		? { pricePerPage: certified.pricePerPage, certifiedPdfPrice: 0, pages: certified.scannedPages, pdf: false }
		: null
	const lines = documents.map((document) => quoteLine(document, terms, pricing))
	return { ...quote, ...totals(lines, terms, quote.surchargePercent, quote.copies, certified ?? null) }
}

type Line = ReturnType<typeof quoteLine>
const wordsOf = (lines: Line[]) =>
	lines.reduce((sum, line) => sum + (line.basis === 'words' ? (line.quantity ?? 0) : 0), 0)

// A certified quote is priced by its pages alone: no minimum order.
function totals(
	lines: Line[],
	rates: Pick<QuoteRates, 'minimumOrder' | 'vatPercent'>,
	surchargePercent: number,
	copies: number,
	certified: CertifiedExtras = null,
) {
	const translation = lines.reduce((sum, line) => sum + line.amount, 0) + (certified?.scanned ?? 0)
	const minimumApplied = !certified && translation > 0 && translation < rates.minimumOrder
	const base = minimumApplied ? rates.minimumOrder : translation
	const express = round2((base * surchargePercent) / 100)
	const total = round2(base + express + copies + (certified?.certifiedPdf ?? 0))
	const vat = round2((total * rates.vatPercent) / 100)
	return {
		lines,
		words: wordsOf(lines),
		translation: round2(translation),
		minimumApplied,
		express,
		copies,
		total,
		vat,
		totalWithVat: round2(total + vat),
		hasManual: lines.some((line) => line.basis === 'manual'),
		certified,
		isPending: lines.some((line) => line.basis === 'pending'),
	}
}

export type Quote = ReturnType<typeof calculateQuote>

// The first day a customer may ask for delivery: the agency's notice, in calendar days, moved on to
// a working day (nothing is delivered at weekends or on Danish public holidays). The order and
// contact pages offer no earlier day, and the quote and the request refuse one.
export function earliestDeliveryDate(today: CalendarDate, minDeliveryDays: number): CalendarDate {
	let day = addCalendarDays(today, minDeliveryDays)
	while (!isWorkingDay(day)) day = addCalendarDays(day, 1)
	return day
}

// The choices a quote is priced by, as the request form checked them (a date is YYYY-MM-DD or empty).
export type QuoteChoiceFields = {
	from_language: string
	to_language: string
	delivery_date: string
	copies: number
	// Absent in quotes made before certified translations were priced per page.
	certified?: boolean
	pages?: number
	certified_pdf?: boolean
}
export type ChoiceProblem = {
	field: 'from_language' | 'to_language' | 'delivery_date'
	reason: 'unknown-language' | 'same-language' | 'too-early' | 'closed'
}
type Language = { code: string; name: string }

// The one check of a quote's choices, for the saved quote and the request alike: languages the
// site offers, two different ones, and a working day no earlier than the notice allows. Problems come in
// the form's order; the languages found come back for pricing.
export function checkQuoteChoices(
	choices: Omit<QuoteChoiceFields, 'copies'>,
	languages: Language[],
	earliest: CalendarDate,
) {
	const from = languages.find((language) => language.code === choices.from_language) ?? null
	const to = languages.find((language) => language.code === choices.to_language) ?? null
	const problems: ChoiceProblem[] = []
	if (choices.from_language && !from) problems.push({ field: 'from_language', reason: 'unknown-language' })
	if (choices.from_language && choices.from_language === choices.to_language)
		problems.push({ field: 'to_language', reason: 'same-language' })
	else if (choices.to_language && !to) problems.push({ field: 'to_language', reason: 'unknown-language' })
	if (choices.delivery_date && choices.delivery_date < earliest)
		problems.push({ field: 'delivery_date', reason: 'too-early' })
	else if (choices.delivery_date && !isWorkingDay(choices.delivery_date))
		problems.push({ field: 'delivery_date', reason: 'closed' })
	return { from, to, problems }
}
