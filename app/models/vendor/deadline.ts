import { addCalendarDays, asCalendarDate, isWorkingDay, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { AGENCY_TIME_ZONE } from '#app/utils/format.ts'

// A job's deadline is a moment in the agency's working hours (08:00–17:00, Danish time, on a
// Danish working day), no later than noon on the day the customer was promised, so the project
// manager has the afternoon to review and deliver.
export const WORKDAY_START = 8
export const WORKDAY_END = 17
export const LATEST_ON_DUE_DAY = '12:00'

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

// The instant of a wall-clock time in Denmark (summer time or not).
export function danishInstant(date: CalendarDate, time: string): Date {
	const guess = new Date(`${date}T${time}:00Z`)
	const shown = new Date(guess.toLocaleString('en-US', { timeZone: AGENCY_TIME_ZONE }))
	const utc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }))
	return new Date(guess.getTime() - (shown.getTime() - utc.getTime()))
}

// The Danish date and time of an instant, as a datetime-local field writes it ("2026-12-01T16:00").
export function danishLocal(instant: Date): string {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone: AGENCY_TIME_ZONE,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	}).formatToParts(instant)
	const part = (type: string) => parts.find((item) => item.type === type)?.value ?? ''
	return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`
}

function previousWorkingDay(date: CalendarDate): CalendarDate {
	let day = addCalendarDays(date, -1)
	while (!isWorkingDay(day)) day = addCalendarDays(day, -1)
	return day
}

function nextWorkingDay(date: CalendarDate): CalendarDate {
	let day = addCalendarDays(date, 1)
	while (!isWorkingDay(day)) day = addCalendarDays(day, 1)
	return day
}

// The customer's date has passed (an order running late, a revision asked for after it): a job
// can no longer meet it, and any deadline ahead in working hours is allowed.
const pastDue = (dueDate: CalendarDate, now: Date) => danishInstant(dueDate, LATEST_ON_DUE_DAY) <= now

// What the job form proposes: the working day before the promised date at 16:00, or noon on the
// day itself when that has passed, or the next working day at 16:00 once that has passed too.
export function suggestedDeadline(dueDate: CalendarDate, now = new Date()): string {
	const before = danishInstant(previousWorkingDay(dueDate), '16:00')
	if (before > now) return danishLocal(before)
	if (!pastDue(dueDate, now)) return `${dueDate}T${LATEST_ON_DUE_DAY}`
	return `${nextWorkingDay(danishLocal(now).slice(0, 10))}T16:00`
}

export type DeadlineProblem = 'format' | 'past' | 'notWorkingDay' | 'outsideHours' | 'afterDue'

// A deadline typed as Danish local time ("2026-12-01T16:00"), checked against the rule above.
export function checkDeadline(
	local: string,
	dueDate: CalendarDate,
	now = new Date(),
): { deadline: Date } | { problem: DeadlineProblem } {
	const [date, time] = local.split('T')
	const day = asCalendarDate(date)
	const match = TIME.exec(time ?? '')
	if (!day || !match) return { problem: 'format' }
	const deadline = danishInstant(day, match[0])
	const hour = Number(match[1]) + Number(match[2]) / 60
	if (deadline <= now) return { problem: 'past' }
	if (!isWorkingDay(day)) return { problem: 'notWorkingDay' }
	if (hour < WORKDAY_START || hour > WORKDAY_END) return { problem: 'outsideHours' }
	const late = day > dueDate || (day === dueDate && match[0] > LATEST_ON_DUE_DAY)
	if (late && !pastDue(dueDate, now)) return { problem: 'afterDue' }
	return { deadline }
}

// When an offer must be answered: after the setting's hours, but never later than halfway from
// the offer to the job's deadline, so whoever takes it has at least half the time to do the work.
// (A job offered again after its deadline passed has only the setting's hours.)
export function answerBy(now: Date, deadline: Date, expiryHours: number): Date {
	const lapse = now.getTime() + expiryHours * 3_600_000
	if (deadline <= now) return new Date(lapse)
	const halfway = now.getTime() + (deadline.getTime() - now.getTime()) / 2
	return new Date(Math.min(lapse, halfway))
}
