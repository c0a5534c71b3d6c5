import type { Database } from '#database/client.ts'
import { todayInDenmark, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { countOrders } from '#app/models/order/admin.server.ts'
import { countRequests } from '#app/models/request/inbox.server.ts'

// What needs doing, for the dashboard: requests no one has answered, quotes sent and waiting for
// the customer, new orders no translator is assigned to, open orders due by the next working day, and open orders past their date. Each is
// counted by the filter of the list it links to, so the number and the list always agree.
export async function countTodaysWork(db: Database, today: CalendarDate = todayInDenmark()) {
	const [newRequests, quotesWaiting, toAssign, ordersDue, overdue] = await Promise.all([
		countRequests(db, { status: 'new' }),
		countRequests(db, { status: 'quoted' }),
		countOrders(db, { translator: 'none' }, today),
		countOrders(db, { due: 'soon' }, today),
		countOrders(db, { due: 'overdue' }, today),
	])
	return { newRequests, quotesWaiting, toAssign, ordersDue, overdue }
}

export type TodaysWork = Awaited<ReturnType<typeof countTodaysWork>>

// Where each count's list is.
export const TODAYS_WORK_LINKS: Record<keyof TodaysWork, string> = {
	newRequests: '/admin/requests?status=new',
	quotesWaiting: '/admin/requests?status=quoted',
	toAssign: '/admin/orders?translator=none',
	ordersDue: '/admin/orders?due=soon',
	overdue: '/admin/orders?due=overdue',
}
