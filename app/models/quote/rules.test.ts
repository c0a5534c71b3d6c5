import { describe, expect, test } from 'vitest'
import { pairPricePerWord } from '#app/models/price/rules.ts'
import { calculateQuote, checkQuoteChoices, earliestDeliveryDate, type QuoteRates } from '#app/models/quote/rules.ts'
import {
	addCalendarDays,
	addWorkingDays,
	asCalendarDate,
	danishHolidays,
	isWorkingDay,
	todayInDenmark,
	workingDaysBetween,
} from '#app/models/calendar/working-days.ts'

const RATES: QuoteRates = {
	pricePerWord: 1.35,
	pricePerMinute: 30,
	repetitionPercent: 30,
	minimumOrder: 500,
	certifiedCopyPrice: 150,
	vatPercent: 25,
	wordsPerDay: 2500,
	expressSurcharge1Day: 100,
	expressSurcharge2Days: 50,
}

describe('Danish working days', () => {
	test('know the movable holidays', () => {
		const holidays = danishHolidays(2027)
		// Easter Sunday 2027 is 28 March.
		for (const day of [
			'2027-03-25',
			'2027-03-26',
			'2027-03-28',
			'2027-03-29',
			'2027-05-06',
			'2027-05-16',
			'2027-05-17',
		])
			expect(holidays.has(day), day).toBe(true)
		// Great Prayer Day was abolished from 2024.
		expect(danishHolidays(2023).has('2023-05-05')).toBe(true)
		expect(danishHolidays(2027).has('2027-04-23')).toBe(false)
	})

	test('skip weekends and holidays', () => {
		expect(isWorkingDay('2026-12-24')).toBe(false)
		expect(isWorkingDay('2026-12-28')).toBe(true)
		// Wednesday 23 December 2026 + 1 working day is Monday 28 December.
		expect(addWorkingDays('2026-12-23', 1)).toBe('2026-12-28')
		expect(workingDaysBetween('2026-12-23', '2026-12-28')).toBe(1)
		expect(workingDaysBetween('2026-11-20', '2026-11-23')).toBe(1)
	})

	test('between two dates are counted the same as walking day by day, for any span and year', () => {
		const walk = (from: string, to: string) => {
			let count = 0
			for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) if (isWorkingDay(day)) count++
			return count
		}
		// A fixed pseudo-random sequence, so a failure repeats.
		let seed = 7
		const next = (below: number) => (seed = (seed * 48271) % 2147483647) % below
		for (let run = 0; run < 400; run++) {
			const from = addCalendarDays('1990-01-01', next(20_000))
			const to = addCalendarDays(from, next(900) - 30)
			expect(workingDaysBetween(from, to), `${from} → ${to}`).toBe(walk(from, to))
		}
		expect(workingDaysBetween('0050-12-20', '0051-01-10')).toBe(walk('0050-12-20', '0051-01-10'))
		// 2027: 261 weekdays, less New Year, Maundy Thursday, Good Friday, Easter Monday, Ascension,
		// Whit Monday, Constitution Day (a Saturday, so not), Christmas Eve and New Year's Eve (Fridays).
		expect(workingDaysBetween('2026-12-31', '2027-12-31')).toBe(261 - 8)
		// The furthest date a visitor can type is a number, not a walk over three million days.
		expect(workingDaysBetween('2026-11-25', '9999-12-31')).toBe(2_006_282)
	})
})

describe('calendar dates', () => {
	test('are real days written YYYY-MM-DD', () => {
		expect(asCalendarDate('2028-02-29')).toBe('2028-02-29')
		for (const value of [
			'2027-02-29',
			'2026-13-01',
			'2026-11-31',
			'2026-1-5',
			'soon',
			'',
			null,
			undefined,
			'2026-11-23T00:00',
		])
			expect(asCalendarDate(value), String(value)).toBeNull()
	})

	test("today is Denmark's, whatever the machine's zone", () => {
		// 23:30 UTC on 22 November is already 23 November in Copenhagen (UTC+1), and in summer 22:30 UTC is (UTC+2).
		expect(todayInDenmark(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23')
		expect(todayInDenmark(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-22')
		expect(todayInDenmark(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02')
	})
})

describe('the quote', () => {
	const today = '2026-11-23'
	const docs = [
		{ name: 'a.docx', type: 'docx', status: 'counted' as const, words: 3000, minutes: null },
		{ name: 'b.mp3', type: 'mp3', status: 'counted' as const, words: null, minutes: 1.5 },
		{ name: 'c.jpg', type: 'jpg', status: 'manual' as const, words: null, minutes: null },
	]

	test('prices words and minutes, adds copies and VAT, and marks what a person must quote', () => {
		const quote = calculateQuote(docs, RATES, { copies: 2, deliveryDate: null, today })
		expect(quote.lines.map((line) => line.amount)).toEqual([4050, 45, 0])
		expect(quote).toMatchObject({
			translation: 4095,
			minimumApplied: false,
			surchargePercent: 0,
			copies: 300,
			total: 4395,
			vat: 1098.75,
			totalWithVat: 5493.75,
			hasManual: true,
		})
		// 3,000 words at 2,500 a day: two working days, so Wednesday.
		expect(quote.standardDate).toBe('2026-11-25')
	})

	test('prices repeated sentences at the repetition share', () => {
		const quote = calculateQuote(
			[{ name: 'r.docx', type: 'docx', status: 'counted', words: 1000, minutes: null, repeated_words: 200 }],
			RATES,
			{ copies: 0, deliveryDate: null, today },
		)
		// 800 × 1.35 + 200 × 1.35 × 30%.
		expect(quote.translation).toBe(1161)
	})

	test('never costs less than the minimum order', () => {
		const quote = calculateQuote(
			[{ name: 'x.txt', type: 'txt', status: 'counted', words: 100, minutes: null }],
			RATES,
			{ copies: 0, deliveryDate: null, today },
		)
		expect(quote).toMatchObject({ translation: 135, minimumApplied: true, total: 500 })
	})

	test('charges express when the date is earlier than the standard turnaround', () => {
		const big = [{ name: 'big.docx', type: 'docx', status: 'counted' as const, words: 10_000, minutes: null }]
		const standard = calculateQuote(big, RATES, { copies: 0, deliveryDate: null, today })
		expect(standard.standardDate).toBe('2026-11-27')
		expect(calculateQuote(big, RATES, { copies: 0, deliveryDate: '2026-11-27', today }).surchargePercent).toBe(0)
		expect(calculateQuote(big, RATES, { copies: 0, deliveryDate: '2026-11-25', today }).surchargePercent).toBe(50)
		const tomorrow = calculateQuote(big, RATES, { copies: 0, deliveryDate: '2026-11-24', today })
		expect(tomorrow).toMatchObject({ surchargePercent: 100, express: 13_500, total: 27_000 })
	})

	// The prices page's wording: express is a date sooner than the pace (2,500 words a working day,
	// at least one day); by the next working day the higher surcharge, two or more days away the lower.
	test.each([
		{ words: 2500, date: '2026-11-24', percent: 0 },
		{ words: 2501, date: '2026-11-24', percent: 100 },
		{ words: 5000, date: '2026-11-25', percent: 0 },
		{ words: 7500, date: '2026-11-25', percent: 50 },
		{ words: 7500, date: '2026-11-26', percent: 0 },
		{ words: 25_000, date: '2026-11-26', percent: 50 },
	])('$words words delivered $date: +$percent%', ({ words, date, percent }) => {
		const docs = [{ name: 'd.docx', type: 'docx', status: 'counted' as const, words, minutes: null }]
		expect(calculateQuote(docs, RATES, { copies: 0, deliveryDate: date, today }).surchargePercent).toBe(percent)
	})
})

describe('a certified translation', () => {
	const today = '2026-11-23'
	const rates = { ...RATES, pricePerPage: 450, certifiedPdfPrice: 100 }
	const scan = { name: 'birth.jpg', type: 'jpg', status: 'manual' as const, words: null, minutes: null }
	const diploma = { name: 'diploma.docx', type: 'docx', status: 'counted' as const, words: 251, minutes: null }

	test('is priced per started page of 250 words, scans by the pages the customer gives, the PDF and copies apart', () => {
		const quote = calculateQuote([diploma, scan], rates, {
			copies: 2,
			deliveryDate: null,
			today,
			certified: { pages: 3, pdf: true },
		})
		expect(quote.lines.map(({ basis, amount }) => [basis, amount])).toEqual([
			['pages', 900],
			['stated', 0],
		])
		expect(quote.certified).toEqual({ pricePerPage: 450, scannedPages: 3, scanned: 1350, certifiedPdf: 100 })
		// 2 pages + 3 pages + PDF + 2 copies; no minimum order, nothing left for a person to price.
		expect(quote).toMatchObject({
			translation: 2250,
			copies: 300,
			total: 2650,
			minimumApplied: false,
			hasManual: false,
		})
	})

	test('a scan without its pages still waits for a person; one short page is one page, not the minimum order', () => {
		const waiting = calculateQuote([scan], rates, {
			copies: 0,
			deliveryDate: null,
			today,
			certified: { pages: 0, pdf: false },
		})
		expect(waiting.hasManual).toBe(true)
		const short = { ...diploma, words: 40 }
		const one = calculateQuote([short], rates, {
			copies: 0,
			deliveryDate: null,
			today,
			certified: { pages: 0, pdf: false },
		})
		expect(one).toMatchObject({ total: 450, minimumApplied: false })
		const notCertified = calculateQuote([short], rates, { copies: 0, deliveryDate: null, today })
		expect(notCertified).toMatchObject({ total: 500, minimumApplied: true, certified: null })
	})
})

describe("the one check of a quote's choices", () => {
	const languages = [
		{ code: 'da', name: 'Dansk' },
		{ code: 'en', name: 'Engelsk' },
	]
	const earliest = earliestDeliveryDate('2026-11-23', 2)

	test('the earliest delivery date is the notice in calendar days, moved on past weekends and holidays', () => {
		expect(earliest).toBe('2026-11-25')
		// Friday's next day is a Saturday: the earliest is Monday.
		expect(earliestDeliveryDate('2026-11-27', 1)).toBe('2026-11-30')
		// Christmas: 24 December (Thursday) + 1 is Christmas Day; Boxing Day and the weekend follow.
		expect(earliestDeliveryDate('2026-12-24', 1)).toBe('2026-12-28')
	})

	test('a delivery date at a weekend or on a public holiday is refused, for a visitor without the picker too', () => {
		expect(
			checkQuoteChoices({ from_language: 'da', to_language: 'en', delivery_date: '2026-11-28' }, languages, earliest)
				.problems,
		).toEqual([{ field: 'delivery_date', reason: 'closed' }])
		expect(
			checkQuoteChoices({ from_language: 'da', to_language: 'en', delivery_date: '2026-12-25' }, languages, earliest)
				.problems,
		).toEqual([{ field: 'delivery_date', reason: 'closed' }])
		expect(
			checkQuoteChoices({ from_language: 'da', to_language: 'en', delivery_date: '2026-11-30' }, languages, earliest)
				.problems,
		).toEqual([])
	})

	test("names each problem on its field, in the form's order, and gives back the languages found", () => {
		expect(
			checkQuoteChoices({ from_language: 'da', to_language: 'en', delivery_date: '2026-11-25' }, languages, earliest),
		).toEqual({
			from: languages[0],
			to: languages[1],
			problems: [],
		})
		expect(
			checkQuoteChoices({ from_language: 'xx', to_language: 'xx', delivery_date: '2026-11-24' }, languages, earliest)
				.problems,
		).toEqual([
			{ field: 'from_language', reason: 'unknown-language' },
			{ field: 'to_language', reason: 'same-language' },
			{ field: 'delivery_date', reason: 'too-early' },
		])
		expect(
			checkQuoteChoices({ from_language: '', to_language: 'zz', delivery_date: '' }, languages, earliest).problems,
		).toEqual([{ field: 'to_language', reason: 'unknown-language' }])
	})

	test('a pair is priced at its own price, else at the default', () => {
		expect(pairPricePerWord({ 'da-en': 1.1 }, 'da', 'en', 1.35)).toBe(1.1)
		expect(pairPricePerWord({ 'da-en': 1.1 }, 'en', 'da', 1.35)).toBe(1.35)
		expect(pairPricePerWord({ 'da-en': 1.1 }, '', 'en', 1.35)).toBe(1.35)
	})
})
