import { and, count, eq, gte, inArray, lt, lte } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { orders, requests } from '#database/schema.ts'
import { addWorkingDays, todayInDenmark, type CalendarDate } from '#app/models/calendar/working-days.ts'

const OPEN_ORDERS = inArray(orders.status, ['received', 'in_progress'])

// What needs doing, for the dashboard: requests no one has answered, quotes sent and waiting for
// the customer, open orders due by the next working day, and open orders past their date.
export async function countTodaysWork(db: Database, today: CalendarDate = todayInDenmark()) {
	const soon = addWorkingDays(today, 1)
	const tally = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0
	const [newRequests, quotesWaiting, ordersDue, overdue] = await Promise.all([
		tally(db.select({ n: count() }).from(requests).where(eq(requests.status, 'new'))),
		tally(db.select({ n: count() }).from(requests).where(eq(requests.status, 'quoted'))),
		tally(db.select({ n: count() }).from(orders).where(and(OPEN_ORDERS, gte(orders.dueDate, today), lte(orders.dueDate, soon)))),
		tally(db.select({ n: count() }).from(orders).where(and(OPEN_ORDERS, lt(orders.dueDate, today)))),
	])
	return { newRequests, quotesWaiting, ordersDue, overdue }
}

export type TodaysWork = Awaited<ReturnType<typeof countTodaysWork>>

// Where each count's list is.
export const TODAYS_WORK_LINKS: Record<keyof TodaysWork, string> = {
	newRequests: '/admin/requests?status=new',
	quotesWaiting: '/admin/requests?status=quoted',
	ordersDue: '/admin/orders?due=soon',
	overdue: '/admin/orders?due=overdue',
}
