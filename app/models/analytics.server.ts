import { and, eq, gte, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { analyticsEvents } from '#database/schema.ts'
import { CALCULATED_PRICE_EVENT } from '#app/models/price/rules.ts'
import { LOCALES } from '#app/utils/locales.ts'
import { daysBefore } from '#app/models/calendar/working-days.ts'

const PropertyValue = z.union([z.string().max(200), z.number().finite(), z.boolean()])

// What a page may send. Only the path is kept of the address: a query string may hold anything.
export const EventSchema = z.object({
	name: z.string().trim().min(1).max(100),
	properties: z
		.record(z.string().max(50), PropertyValue)
		.refine((properties) => Object.keys(properties).length <= 20, 'too many properties')
		.default({}),
	path: z
		.string()
		.max(500)
		.regex(/^\//)
		.transform((path) => path.split(/[?#]/)[0]!),
	locale: z.enum(LOCALES),
})

export type AnalyticsEvent = z.infer<typeof EventSchema>

export async function recordEvent(db: Database, event: AnalyticsEvent): Promise<void> {
	await db.insert(analyticsEvents).values(event)
}

export async function countEventsPerDay(db: Database, days: number, now = new Date()) {
	const since = daysBefore(now, days)
	const day = sql<string>`to_char(date_trunc('day', ${analyticsEvents.createdAt} at time zone 'Europe/Copenhagen'), 'YYYY-MM-DD')`
	return db
		.select({ day, name: analyticsEvents.name, count: sql<number>`count(*)::int` })
		.from(analyticsEvents)
		.where(gte(analyticsEvents.createdAt, since))
		.groupBy(day, analyticsEvents.name)
		.orderBy(day)
}

// How many calculations fell in each band of word counts.
export async function countCalculatedWords(db: Database, bandSize: number) {
	// Inlined, not a parameter: PostgreSQL only matches the GROUP BY to the select list when the
	// expressions are identical, and two parameters are two different expressions.
	const size = sql.raw(String(Math.trunc(bandSize)))
	const band = sql<number>`(floor((${analyticsEvents.properties}->>'words')::numeric / ${size}) * ${size})::int`
	return db
		.select({ from: band, count: sql<number>`count(*)::int` })
		.from(analyticsEvents)
		.where(
			and(
				eq(analyticsEvents.name, CALCULATED_PRICE_EVENT),
				sql`jsonb_typeof(${analyticsEvents.properties}->'words') = 'number'`,
			),
		)
		.groupBy(band)
		.orderBy(band)
}
