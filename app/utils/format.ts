import { intlLocale, type Locale } from '#app/utils/locales.ts'

// Building an Intl formatter costs far more than using one, and a price table formats hundreds
// of amounts: each kind is built once per language and currency.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
	let formatter = formatters.get(key) as T | undefined
	if (!formatter) formatters.set(key, (formatter = build()))
	return formatter
}

export function formatNumber(value: number, locale: Locale): string {
	return cached(`number:${locale}`, () => new Intl.NumberFormat(intlLocale(locale))).format(value)
}

// A share given in percent (30 → "30 %" in Danish, "30%" in English).
export function formatPercent(percent: number, locale: Locale): string {
	return cached(`percent:${locale}`, () => new Intl.NumberFormat(intlLocale(locale), { style: 'percent' })).format(
		percent / 100,
	)
}

// Every amount the same way, with its cents: "500,00 kr." in Danish, "DKK 500.00" in English.
export function formatPrice(amount: number, currency: string, locale: Locale): string {
	return cached(
		`price:${locale}:${currency}`,
		() => new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }),
	).format(amount)
}

// The agency works in Copenhagen: every date and time is its local one (summer time included),
// on the server (which runs in UTC) and in any visitor's browser alike.
export const AGENCY_TIME_ZONE = 'Europe/Copenhagen'

export function formatDate(date: Date, locale: Locale): string {
	return cached(
		`date:${locale}`,
		() => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: AGENCY_TIME_ZONE }),
	).format(date)
}

// A calendar day ("2026-11-25", as stored for due and issue dates) or a moment (an ISO time, as
// the day it was in Copenhagen), in words: noon UTC is the same day in Copenhagen all year.
export function formatDay(value: string, locale: Locale): string {
	return formatDate(new Date(value.length === 10 ? `${value}T12:00:00Z` : value), locale)
}

// When something happened, to the minute: the admin's lists and histories, the customer's history.
export function formatDateTime(date: Date, locale: Locale): string {
	return dateTimeFormat(locale).format(date)
}

// A time of day in Copenhagen, to the minute ("14:08").
export function formatTime(date: Date, locale: Locale): string {
	return cached(
		`time:${locale}`,
		() => new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short', timeZone: AGENCY_TIME_ZONE }),
	).format(date)
}

export function dateTimeFormat(locale: Locale): Intl.DateTimeFormat {
	return cached(
		`datetime:${locale}`,
		() =>
			new Intl.DateTimeFormat(intlLocale(locale), {
				dateStyle: 'medium',
				timeStyle: 'short',
				timeZone: AGENCY_TIME_ZONE,
			}),
	)
}

// A file's size in kB or MB (decimal, as file managers show them), one decimal at most.
export function formatFileSize(bytes: number, locale: Locale): string {
	const [unit, value] =
		bytes >= 1_000_000
			? (['megabyte', bytes / 1_000_000] as const)
			: (['kilobyte', Math.max(bytes / 1000, 0.1)] as const)
	return cached(
		`size:${locale}:${unit}`,
		() =>
			new Intl.NumberFormat(intlLocale(locale), {
				style: 'unit',
				unit,
				unitDisplay: 'short',
				maximumFractionDigits: 1,
			}),
	).format(value)
}

const AGE_UNITS = [
	['day', 86_400_000],
	['hour', 3_600_000],
	['minute', 60_000],
] as const

// How long ago something happened, in its largest whole unit ("for 3 dage siden", "2 hours ago"),
// from the moment the page was made so the server's and the browser's text agree.
export function formatAge(since: Date, now: Date, locale: Locale): string {
	const elapsed = Math.max(0, now.getTime() - since.getTime())
	const [unit, size] = AGE_UNITS.find(([, ms]) => elapsed >= ms) ?? AGE_UNITS[2]
	const relative = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'always' })
	return relative.format(-Math.floor(elapsed / size), unit)
}

// A month as stored ("2026-11"), in words ("november 2026", "November 2026").
export function formatMonth(month: string, locale: Locale): string {
	return cached(
		`month:${locale}`,
		() => new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }),
	).format(new Date(`${month}-15T12:00:00Z`))
}
