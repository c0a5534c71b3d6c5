// Danish working days: Monday to Friday, except the public holidays and the days offices close
// (Christmas Eve, New Year's Eve, Constitution Day). Dates are calendar dates (YYYY-MM-DD), with
// no time of day, as the delivery date is.

export type CalendarDate = string

function easterSunday(year: number): Date {
	// Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
	const a = year % 19
	const b = Math.floor(year / 100)
	const c = year % 100
	const d = Math.floor(b / 4)
	const e = b % 4
	const f = Math.floor((b + 8) / 25)
	const g = Math.floor((b - f + 1) / 3)
	const h = (19 * a + b - d - g + 15) % 30
	const i = Math.floor(c / 4)
	const k = c % 4
	const l = (32 + 2 * e + 2 * i - h - k) % 7
	const m = Math.floor((a + 11 * h + 22 * l) / 451)
	const month = Math.floor((h + l - 7 * m + 114) / 31)
	const day = ((h + l - 7 * m + 114) % 31) + 1
	return new Date(Date.UTC(year, month - 1, day))
}

const iso = (date: Date) => date.toISOString().slice(0, 10)
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)

const cache = new Map<number, Set<CalendarDate>>()

export function danishHolidays(year: number): Set<CalendarDate> {
	let holidays = cache.get(year)
	if (holidays) return holidays
	const easter = easterSunday(year)
	const fixed = ['01-01', '06-05', '12-24', '12-25', '12-26', '12-31'].map((day) => `${year}-${day}`)
	// Maundy Thursday, Good Friday, Easter Sunday and Monday, Ascension, Whit Sunday and Monday.
	// Great Prayer Day (Easter + 26) ceased to be a holiday from 2024.
	const movable = [-3, -2, 0, 1, 39, 49, 50, ...(year < 2024 ? [26] : [])].map((offset) => iso(plusDays(easter, offset)))
	holidays = new Set([...fixed, ...movable])
	cache.set(year, holidays)
	return holidays
}

export function isWorkingDay(date: CalendarDate): boolean {
	const day = new Date(`${date}T00:00:00Z`)
	const weekday = day.getUTCDay()
	return weekday !== 0 && weekday !== 6 && !danishHolidays(day.getUTCFullYear()).has(date)
}

// The working days after `from` up to and including `to` (0 when `to` is not after `from`).
export function workingDaysBetween(from: CalendarDate, to: CalendarDate): number {
	let count = 0
	let day = new Date(`${from}T00:00:00Z`)
	const end = new Date(`${to}T00:00:00Z`)
	while (day < end) {
		day = plusDays(day, 1)
		if (isWorkingDay(iso(day))) count++
	}
	return count
}

export function addWorkingDays(from: CalendarDate, days: number): CalendarDate {
	let day = new Date(`${from}T00:00:00Z`)
	let left = days
	while (left > 0) {
		day = plusDays(day, 1)
		if (isWorkingDay(iso(day))) left--
	}
	return iso(day)
}

export function addCalendarDays(from: CalendarDate, days: number): CalendarDate {
	return iso(plusDays(new Date(`${from}T00:00:00Z`), days))
}

// A real day written YYYY-MM-DD (so not 2026-02-30), or null for anything else.
export function asCalendarDate(value: string | null | undefined): CalendarDate | null {
	if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
	const day = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(day.getTime()) && iso(day) === value ? value : null
}

// Today's date in Denmark, whatever the server's time zone.
export function todayInDenmark(now = new Date()): CalendarDate {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}
