import { AGENCY_TIME_ZONE } from '#app/utils/format.ts'

// Days, times and weeks as the agency's clock on the wall reads them: the night's backup, the
// retention of daily and weekly ones.
const dayFormat = new Intl.DateTimeFormat('en-CA', {
	timeZone: AGENCY_TIME_ZONE,
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
})
const timeFormat = new Intl.DateTimeFormat('en-GB', {
	timeZone: AGENCY_TIME_ZONE,
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
})

export const agencyDay = (date: Date) => dayFormat.format(date)
export const agencyTime = (date: Date) => timeFormat.format(date)

// The Monday of the date's week, in the agency's zone.
export function agencyWeek(date: Date): string {
	const day = new Date(`${agencyDay(date)}T00:00:00Z`)
	day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
	return day.toISOString().slice(0, 10)
}
