import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { invoices, orders } from '#database/schema.ts'
import { todayInDenmark, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { containsAny, containsPattern } from '#app/models/search-pattern.server.ts'
import {
	AGING_BUCKETS,
	INVOICE_STATUSES,
	owedOn,
	overpaidOn,
	type AgingBucket,
	type InvoiceStatus,
} from '#app/models/invoice/statuses.ts'
import { MACHINE_WORDS, type CsvWords } from '#app/models/csv-words.server.ts'

// What the agency is owed: every invoice and credit note with its status, as staff and the
// accountant see them. An invoice is open until payments reach its total (part paid before that),
// overdue once its due date has passed unpaid, credited when a credit note cancels it; a credit
// note counts against the totals (its amounts negative).
export const INVOICES_PAGE_SIZE = 100
const EXPORT_BATCH = 1000

export const InvoiceFilterSchema = z.object({
	// 'owed': every invoice not yet paid or credited (open, part paid, overdue).
	status: z
		.enum(INVOICE_STATUSES)
		.or(z.enum(['owed', '']))
		.catch(''),
	aging: z.enum(AGING_BUCKETS).or(z.literal('')).catch(''),
	q: z.string().trim().max(100).catch(''),
})
export type InvoiceFilter = z.infer<typeof InvoiceFilterSchema>

export function readInvoiceFilter(url: URL): InvoiceFilter {
	const get = (name: string) => url.searchParams.get(name) ?? ''
	return InvoiceFilterSchema.parse({ status: get('status'), aging: get('aging'), q: get('q') })
}

const overdueDays = (today: CalendarDate) => sql`(${today}::date - ${invoices.dueDate}::date)`
// What is owed on an invoice: its total and what reminders charged (fees, interest), less payments.
export const outstandingSql = sql`(${invoices.total} + ${invoices.charges} - ${invoices.paidAmount} - ${invoices.creditedAmount})`
const outstanding = outstandingSql
// The partial index invoices_owed has the same condition, word for word.
export const owedWhere = sql`${invoices.kind} = 'invoice' and not ${invoices.credited} and ${invoices.paidAmount} + ${invoices.creditedAmount} < ${invoices.total} + ${invoices.charges}`

const statusOf = (today: CalendarDate) => sql<InvoiceStatus>`case
	when ${invoices.kind} = 'credit_note' then 'credit_note'
	when ${invoices.credited} then 'credited'
	when ${invoices.paidAmount} + ${invoices.creditedAmount} >= ${invoices.total} + ${invoices.charges} then 'paid'
	when ${invoices.dueDate} < ${today} then 'overdue'
	when ${invoices.paidAmount} > 0 then 'part_paid'
	else 'open' end`

function bucketWhere(bucket: AgingBucket, today: CalendarDate): SQL {
	const days = overdueDays(today)
	if (bucket === 'current') return sql`${days} <= 0`
	if (bucket === 'days1to30') return sql`${days} between 1 and 30`
	if (bucket === 'days31to60') return sql`${days} between 31 and 60`
	return sql`${days} > 60`
}

function whereFor({ status, aging, q }: InvoiceFilter, today: CalendarDate): SQL | undefined {
	const conditions: SQL[] = []
	if (status === 'owed') conditions.push(owedWhere)
	else if (status) conditions.push(sql`${statusOf(today)} = ${status}`)
	if (aging) conditions.push(owedWhere, bucketWhere(aging, today))
	if (q)
		conditions.push(
			or(
				containsAny(q, [invoices.searchText]),
				sql`exists (select 1 from ${orders} where ${orders.id} = ${invoices.orderId} and ${orders.reference} ilike ${containsPattern(q)})`,
			)!,
		)
	return conditions.length ? and(...conditions) : undefined
}

const listed = (db: Database, today: CalendarDate) =>
	db
		.select({
			id: invoices.id,
			kind: invoices.kind,
			number: invoices.number,
			issueDate: invoices.issueDate,
			dueDate: invoices.dueDate,
			buyer: sql<string>`${invoices.buyer}->>'name'`,
			cvr: sql<string | null>`${invoices.buyer}->>'cvr'`,
			ean: sql<string | null>`${invoices.buyer}->>'ean'`,
			orderId: invoices.orderId,
			reference: orders.reference,
			currency: invoices.currency,
			net: invoices.net,
			vat: invoices.vat,
			total: invoices.total,
			charges: invoices.charges,
			paidAmount: invoices.paidAmount,
			paidOn: invoices.paidOn,
			status: statusOf(today),
		})
		.from(invoices)
		.innerJoin(orders, eq(orders.id, invoices.orderId))

type Listed = Awaited<ReturnType<ReturnType<typeof listed>['execute']>>[number]

// A credit note's amounts count against the totals.
const signed = (row: Pick<Listed, 'kind'>, amount: number) => (row.kind === 'credit_note' ? -amount : amount)

function present(row: Listed, today: CalendarDate) {
	const owed = row.status === 'open' || row.status === 'part_paid' || row.status === 'overdue'
	return {
		...row,
		net: signed(row, row.net),
		vat: signed(row, row.vat),
		total: signed(row, row.total),
		outstanding: owed ? owedOn(row) : 0,
		overpaid: row.kind === 'invoice' ? overpaidOn(row) : 0,
		daysOverdue: owed ? Math.max(0, daysBetween(row.dueDate, today)) : 0,
	}
}
export type ListedInvoice = ReturnType<typeof present>

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)

// One page by due date (oldest first), how many match, their totals, and the aging of what is owed.
export async function listInvoices(
	db: Database,
	filter: InvoiceFilter,
	page = 1,
	today: CalendarDate = todayInDenmark(),
) {
	const where = whereFor(filter, today)
	const [rows, [sums], aging] = await Promise.all([
		listed(db, today)
			.where(where)
			.orderBy(asc(invoices.dueDate), asc(invoices.id))
			.limit(INVOICES_PAGE_SIZE)
			.offset((page - 1) * INVOICES_PAGE_SIZE),
		db
			.select({
				n: sql<number>`count(*)::int`,
				net: sql<string>`coalesce(sum(case when ${invoices.kind} = 'credit_note' then -${invoices.net} else ${invoices.net} end), 0)`,
				vat: sql<string>`coalesce(sum(case when ${invoices.kind} = 'credit_note' then -${invoices.vat} else ${invoices.vat} end), 0)`,
				total: sql<string>`coalesce(sum(case when ${invoices.kind} = 'credit_note' then -${invoices.total} else ${invoices.total} end), 0)`,
				charges: sql<string>`coalesce(sum(case when ${invoices.kind} = 'credit_note' then 0 else ${invoices.charges} end), 0)`,
				outstanding: sql<string>`coalesce(sum(case when ${owedWhere} then ${outstanding} else 0 end), 0)`,
			})
			.from(invoices)
			.where(where),
		agingSummary(db, today),
	])
	const total = sums?.n ?? 0
	return {
		invoices: rows.map((row) => present(row, today)),
		page,
		pageSize: INVOICES_PAGE_SIZE,
		pageCount: Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE)),
		total,
		totals: {
			net: Number(sums?.net ?? 0),
			vat: Number(sums?.vat ?? 0),
			total: Number(sums?.total ?? 0),
			charges: Number(sums?.charges ?? 0),
			outstanding: Number(sums?.outstanding ?? 0),
		},
		aging,
	}
}

// What is owed, by how long past its due date: the amount still to pay and how many invoices.
export async function agingSummary(db: Database, today: CalendarDate = todayInDenmark()) {
	const days = overdueDays(today)
	const bucket = sql<AgingBucket>`case when ${days} <= 0 then 'current' when ${days} <= 30 then 'days1to30'
		when ${days} <= 60 then 'days31to60' else 'over60' end`
	const rows = await db
		.select({ bucket, n: sql<number>`count(*)::int`, amount: sql<string>`sum(${outstanding})` })
		.from(invoices)
		.where(owedWhere)
		// By position: the bucket's expression carries the date as parameters, which differ each time.
		.groupBy(sql`1`)
	return Object.fromEntries(
		AGING_BUCKETS.map((name) => {
			const row = rows.find((found) => found.bucket === name)
			return [name, { count: row?.n ?? 0, amount: Number(row?.amount ?? 0) }]
		}),
	) as Record<AgingBucket, { count: number; amount: number }>
}

// The dashboard's two figures: owed in all, and the part of it that is overdue.
export async function receivablesSummary(db: Database, today: CalendarDate = todayInDenmark()) {
	const aging = await agingSummary(db, today)
	const overdue = AGING_BUCKETS.filter((name) => name !== 'current')
	const sum = (names: readonly AgingBucket[], key: 'count' | 'amount') =>
		names.reduce((total, name) => total + aging[name][key], 0)
	return {
		owed: { count: sum(AGING_BUCKETS, 'count'), amount: round2(sum(AGING_BUCKETS, 'amount')) },
		overdue: { count: sum(overdue, 'count'), amount: round2(sum(overdue, 'amount')) },
	}
}

const round2 = (amount: number) => Math.round(amount * 100) / 100

// For an accountant: one row per invoice or credit note the filter matches (credit notes negative),
// amounts with a decimal comma, read in batches after the last (due date, id) seen.
export const INVOICE_CSV_HEADER = [
	'number',
	'kind',
	'issue_date',
	'due_date',
	'buyer',
	'cvr',
	'ean',
	'order',
	'net',
	'vat',
	'total',
	'charges',
	'paid',
	'paid_on',
	'status',
]

const decimal = (amount: number) => amount.toFixed(2).replace('.', ',')

export async function* exportInvoicesCsv(
	db: Database,
	filter: InvoiceFilter,
	today: CalendarDate = todayInDenmark(),
	line: (cells: (string | number | null)[]) => string,
	words: CsvWords = MACHINE_WORDS,
): AsyncGenerator<string> {
	yield line(words.header(INVOICE_CSV_HEADER))
	let after: { dueDate: string; id: number } | null = null
	for (;;) {
		const where = and(
			whereFor(filter, today),
			after ? sql`(${invoices.dueDate}, ${invoices.id}) > (${after.dueDate}, ${after.id})` : undefined,
		)
		const rows = await listed(db, today)
			.where(where)
			.orderBy(asc(invoices.dueDate), asc(invoices.id))
			.limit(EXPORT_BATCH)
		if (rows.length === 0) return
		yield rows
			.map((row) => present(row, today))
			.map((row) =>
				line([
					row.number,
					words.code('kind', row.kind),
					row.issueDate,
					row.dueDate,
					row.buyer,
					row.cvr,
					row.ean,
					row.reference,
					decimal(row.net),
					decimal(row.vat),
					decimal(row.total),
					decimal(row.kind === 'invoice' ? row.charges : 0),
					decimal(row.paidAmount),
					row.paidOn,
					words.code('status', row.status),
				]),
			)
			.join('')
		const last = rows.at(-1)!
		after = { dueDate: last.dueDate, id: last.id }
		if (rows.length < EXPORT_BATCH) return
	}
}
