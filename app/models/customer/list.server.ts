import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { containsPattern } from '#app/models/search-pattern.server.ts'

export const CUSTOMERS_PAGE_SIZE = 100

export const CustomerFilterSchema = z.object({
	q: z.string().trim().max(100).catch(''),
	page: z.coerce.number().int().min(1).max(100_000).catch(1),
})
export type CustomerFilter = z.infer<typeof CustomerFilterSchema>

export function readCustomerFilter(url: URL): CustomerFilter {
	return CustomerFilterSchema.parse({ q: url.searchParams.get('q') ?? '', page: url.searchParams.get('page') ?? 1 })
}

const Row = z.object({
	email: z.string(),
	name: z.string(),
	company: z.string().nullable(),
	requests: z.coerce.number(),
	orders: z.coerce.number(),
	total: z.coerce.number(),
	last: z.coerce.date(),
	matching: z.coerce.number(),
})

// Everyone who wrote a request or placed an order, one row per e-mail address (in any case): the
// name and company they gave last, how many requests and orders, what their orders came to (excl.
// VAT, cancelled ones left out) and when they were last heard from; newest first. A saved quote
// alone names no one, so it is not here.
export async function listCustomers(db: Pick<Database, 'execute'>, { q, page }: CustomerFilter) {
	const pattern = containsPattern(q)
	const result = await db.execute(sql`
		with people as (
			select lower(email) as key, email, name, company_name as company, created_at, 1 as request, 0 as ordered,
				0::numeric as total
			from requests
			union all
			select lower(o.customer->>'email'), o.customer->>'email', o.customer->>'name', o.customer->>'companyName',
				o.created_at, 0, 1,
				case when o.status = 'cancelled' then 0 else (q.details->'quote'->>'total')::numeric end
			from orders o join quotes q on q.id = o.quote_id
		),
		grouped as (
			select key,
				(array_agg(email order by created_at desc))[1] as email,
				(array_agg(name order by created_at desc))[1] as name,
				(array_agg(company order by created_at desc) filter (where company is not null))[1] as company,
				sum(request) as requests, sum(ordered) as orders, sum(total) as total, max(created_at) as last
			from people group by key
		)
		select email, name, company, requests, orders, total, last, count(*) over () as matching
		from grouped
		where ${q ? sql`(email ilike ${pattern} or name ilike ${pattern} or coalesce(company, '') ilike ${pattern})` : sql`true`}
		order by last desc, key
		limit ${CUSTOMERS_PAGE_SIZE} offset ${(page - 1) * CUSTOMERS_PAGE_SIZE}
	`)
	const rows = z.array(Row).parse(result.rows)
	return {
		customers: rows.map(({ matching: _, last, ...row }) => ({ ...row, last: last.toISOString() })),
		total: rows[0]?.matching ?? 0,
		page,
		pageSize: CUSTOMERS_PAGE_SIZE,
	}
}
