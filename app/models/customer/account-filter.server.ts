import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { invoices, orders, quotes } from '#database/schema.ts'
import { containsAny, containsPattern } from '#app/models/search-pattern.server.ts'
import { INVOICE_STATES, ORDER_STATES, QUOTE_STATES } from '#app/models/customer/account-states.ts'
import { OPEN_ORDER_STATUSES } from '#app/models/order/status.ts'

// What the account's lists can be narrowed to: words (a reference, a PO, a cost centre, a
// document's name, who ordered) and a state. Anything else in the address is ignored.

const filterSchema = <S extends readonly [string, ...string[]]>(states: S) =>
	z.object({
		q: z.string().trim().max(100).catch(''),
		state: z.enum(states).or(z.literal('')).catch(''),
	})
const ORDER_FILTER = filterSchema(ORDER_STATES)
const QUOTE_FILTER = filterSchema(QUOTE_STATES)
const INVOICE_FILTER = filterSchema(INVOICE_STATES)
export type AccountFilter<S extends string = string> = { q: string; state: S | '' }

const paramsOf = (url: URL) => ({ q: url.searchParams.get('q') ?? '', state: url.searchParams.get('state') ?? '' })
export const readOrderFilter = (url: URL) => ORDER_FILTER.parse(paramsOf(url))
export const readQuoteFilter = (url: URL) => QUOTE_FILTER.parse(paramsOf(url))
export const readInvoiceFilter = (url: URL) => INVOICE_FILTER.parse(paramsOf(url))

const customerField = (name: string) => sql`${orders.customer}->>${name}`
const documentNamed = (q: string) =>
	sql`exists (select 1 from documents d where d.order_id = "orders"."id" and d.name ilike ${containsPattern(q)})`

export function orderConditions({ q, state }: AccountFilter): SQL[] {
	const conditions: SQL[] = []
	if (state === 'open') conditions.push(inArray(orders.status, [...OPEN_ORDER_STATUSES]))
	if (state === 'delivered') conditions.push(eq(orders.status, 'delivered'))
	if (state === 'cancelled') conditions.push(eq(orders.status, 'cancelled'))
	if (q)
		conditions.push(
			sql`(${containsAny(q, [
				orders.reference,
				customerField('purchaseOrder'),
				customerField('costCentre'),
				customerField('name'),
				customerField('companyName'),
			])} or ${documentNamed(q)})`,
		)
	return conditions
}

export function quoteConditions({ q, state }: AccountFilter, today: string): SQL[] {
	const conditions: SQL[] = []
	const ordered = sql`exists (select 1 from orders o where o.quote_id = "quotes"."id")`
	if (state === 'ordered') conditions.push(ordered)
	if (state === 'open') conditions.push(and(sql`not ${ordered}`, sql`${quotes.validUntil} >= ${today}`)!)
	if (state === 'expired') conditions.push(and(sql`not ${ordered}`, sql`${quotes.validUntil} < ${today}`)!)
	if (q)
		conditions.push(
			sql`jsonb_path_query_array(${quotes.details}, '$.documents[*].name')::text ilike ${containsPattern(q)}`,
		)
	return conditions
}

export function invoiceConditions({ q, state }: AccountFilter): SQL[] {
	const conditions: SQL[] = []
	if (state === 'credit') conditions.push(eq(invoices.kind, 'credit_note'))
	if (state === 'paid') conditions.push(and(eq(invoices.kind, 'invoice'), sql`${invoices.paidOn} is not null`)!)
	if (state === 'unpaid')
		conditions.push(and(eq(invoices.kind, 'invoice'), sql`${invoices.paidOn} is null`, eq(invoices.credited, false))!)
	if (q)
		conditions.push(
			containsAny(q, [
				sql`${invoices.number}::text`,
				orders.reference,
				invoices.purchaseOrder,
				customerField('costCentre'),
			]),
		)
	return conditions
}
