import { and, eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { orders, quotes } from '#database/schema.ts'
import {
	addWorkingDays,
	asCalendarDate,
	todayInDenmark,
	workingDaysBetween,
	type CalendarDate,
} from '#app/models/calendar/working-days.ts'
import { orderScope, type Access } from '#app/models/customer/records.server.ts'

// "Order again": the order page starts with the same languages and copies, and the same date rule
// (the standard date, or as many working days after today as the order's chosen date was after
// the day it was quoted, never before the earliest date); null when the account may not see it.
export async function againChoices(
	db: Database,
	access: Access,
	reference: string,
	earliest: CalendarDate,
	today = todayInDenmark(),
) {
	if (!/^[\w-]{1,40}$/.test(reference)) return null
	const [row] = await db
		.select({ quote: quotes })
		.from(orders)
		.innerJoin(quotes, eq(quotes.id, orders.quoteId))
		.where(and(eq(orders.reference, reference), orderScope(access)))
	if (!row) return null
	const { quote } = row
	const chosen = asCalendarDate(quote.deliveryDate)
	const leadDays = chosen ? workingDaysBetween(todayInDenmark(quote.createdAt), chosen) : null
	const date = leadDays === null ? '' : maxDate(addWorkingDays(today, leadDays), earliest)
	return {
		from_language: quote.fromLanguage ?? '',
		to_language: quote.toLanguage ?? '',
		copies: quote.copies ? String(quote.copies) : '',
		delivery_date: date,
	}
}

const maxDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b)
