import { isWorkingDay, workingDaysBetween } from '#app/models/calendar/working-days.ts'
import { danishLocal, WORKDAY_END, WORKDAY_START } from '#app/models/vendor/deadline.ts'

// The share of a working day (08–17 in Denmark) gone by a wall-clock time "HH:MM".
function dayShare(time: string): number {
	const hours = Number(time.slice(0, 2)) + Number(time.slice(3, 5)) / 60
	return Math.min(1, Math.max(0, (hours - WORKDAY_START) / (WORKDAY_END - WORKDAY_START)))
}

// The working days from now until a deadline ("2026-12-01T16:00", Danish time): what is left of
// today, the working days between, and the deadline's day up to its hour.
export function workingDaysUntil(deadline: string, now: Date): number {
	const [today, nowTime] = danishLocal(now).split('T') as [string, string]
	const [day, time] = deadline.split('T') as [string, string]
	if (day < today) return 0
	if (day === today) return isWorkingDay(today) ? Math.max(0, dayShare(time) - dayShare(nowTime)) : 0
	let days = workingDaysBetween(today, day)
	if (isWorkingDay(day)) days -= 1 - dayShare(time)
	if (isWorkingDay(today)) days += 1 - dayShare(nowTime)
	return days
}

export type Load = { openWords: number; dailyCapacity: number }

// Whether a translator can do a job of `words` by the deadline on top of their open jobs, at their
// daily capacity: null when they can, or the working days it needs against those there are.
export function capacityShortfall(
	load: Load,
	words: number,
	deadline: string,
	now: Date,
): { needed: number; available: number } | null {
	if (!(load.dailyCapacity > 0) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(deadline)) return null
	const needed = (load.openWords + words) / load.dailyCapacity
	const available = workingDaysUntil(deadline, now)
	return needed > available ? { needed, available } : null
}
