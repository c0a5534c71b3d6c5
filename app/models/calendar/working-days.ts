// Danish working days: Monday to Friday, except the public holidays and the days offices close
// (Christmas Eve, New Year's Eve, Constitution Day). Dates are calendar dates (YYYY-MM-DD), with
// no time of day, as the delivery date is.

export type CalendarDate = string

const DAY_MS = 86_400_000

// The instant a number of whole days (of 24 hours) before another: where a retention period starts.
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS)

// Days since 1970-01-01 of a calendar day (any year 0000–9999; Date.UTC would read 50 as 1950).
function utcDay(year: number, monthIndex: number, day: number): number {
	return new Date(0).setUTCFullYear(year, monthIndex, day) / DAY_MS
}
const dayNumber = (date: CalendarDate) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS)

function easterSunday(year: number): number {
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
	return utcDay(year, month - 1, day)
}

// The year's days off, as day numbers: New Year, Constitution Day, Christmas Eve to Boxing Day and
// New Year's Eve; Maundy Thursday, Good Friday, Easter Sunday and Monday, Ascension, Whit Sunday
// and Monday. Great Prayer Day (Easter + 26) ceased to be a holiday from 2024.
function holidayDays(year: number): number[] {
	const easter = easterSunday(year)
	const fixed = [
		[0, 1],
		[5, 5],
		[11, 24],
		[11, 25],
		[11, 26],
		[11, 31],
	].map(([month, day]) => utcDay(year, month!, day!))
	const movable = [-3, -2, 0, 1, 39, 49, 50, ...(year < 2024 ? [26] : [])].map((offset) => easter + offset)
	return [...new Set([...fixed, ...movable])]
}

const iso = (date: Date) => date.toISOString().slice(0, 10)
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS)

const cache = new Map<number, Set<CalendarDate>>()

export function danishHolidays(year: number): Set<CalendarDate> {
	let holidays = cache.get(year)
	if (holidays) return holidays
	holidays = new Set(holidayDays(year).map((day) => iso(new Date(day * DAY_MS))))
	cache.set(year, holidays)
	return holidays
}

export function isWorkingDay(date: CalendarDate): boolean {
	const day = new Date(`${date}T00:00:00Z`)
	const weekday = day.getUTCDay()
	return weekday !== 0 && weekday !== 6 && !danishHolidays(day.getUTCFullYear()).has(date)
}

// 1970-01-01 was a Thursday; 0 is Sunday, as getUTCDay counts.
const isWeekday = (day: number) => {
	const weekday = (((day + 4) % 7) + 7) % 7
	return weekday !== 0 && weekday !== 6
}

// Monday to Friday among the days from day 0 up to (not including) `day`, negative before day 0:
// the difference of two is the weekdays between them, in constant time.
function weekdaysBefore(day: number): number {
	const weeks = Math.floor(day / 7)
	let count = weeks * 5
	for (let next = weeks * 7; next < day; next++) if (isWeekday(next)) count++
	return count
}

// The working days after `from` up to and including `to` (0 when `to` is not after `from`). Counted
// by weeks, less the holidays on weekdays, year by year: a visitor's date far ahead costs
// microseconds, not a walk over every day (which took 3 s to the year 9999).
export function workingDaysBetween(from: CalendarDate, to: CalendarDate): number {
	const first = dayNumber(from) + 1
	const end = dayNumber(to) + 1
	if (!(end > first)) return 0
	let count = weekdaysBefore(end) - weekdaysBefore(first)
	for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
		for (const day of holidayDays(year)) if (day >= first && day < end && isWeekday(day)) count--
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
	return new Intl.DateTimeFormat('en-CA', {
		timeZone: 'Europe/Copenhagen',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(now)
}
