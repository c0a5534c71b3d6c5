import { and, asc, count, eq, gte, inArray, isNull, lt, lte, max, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import {
	documents,
	invoices,
	languages,
	ORDER_STATUSES,
	orderDownloads,
	orderEvents,
	orderFiles,
	orders,
	quotes,
	teamMemberPairs,
	teamMembers,
	type OrderStatus,
} from '#database/schema.ts'
import {
	addWorkingDays,
	todayInDenmark,
	workingDaysBetween,
	type CalendarDate,
} from '#app/models/calendar/working-days.ts'
import { csvLine } from '#app/utils/csv.ts'
import type { SavedQuoteDetails } from '#app/models/quote/quote.server.ts'
import { containsAny } from '#app/models/search-pattern.server.ts'
import { OPEN_ORDER_STATUSES } from '#app/models/order/status.ts'
import { MACHINE_WORDS, type CsvWords } from '#app/models/csv-words.server.ts'

export const OrderFilterSchema = z.object({
	status: z
		.enum(ORDER_STATUSES)
		.or(z.enum(['open', '']))
		.catch('open'),
	pair: z
		.string()
		.regex(/^[a-z-]{2,12}>[a-z-]{2,12}$/)
		.or(z.literal(''))
		.catch(''),
	// A team member's id, or 'none': the orders no one is assigned to yet.
	translator: z.coerce
		.number()
		.int()
		.positive()
		.or(z.enum(['none', '']))
		.catch(''),
	q: z.string().trim().max(100).catch(''),
	// The dashboard's links: due by the next working day, or past the date.
	due: z.enum(['soon', 'overdue', '']).catch(''),
})
export type OrderFilter = z.infer<typeof OrderFilterSchema>

// The list opens on the orders still to deliver; "all" is an empty status.
export function readOrderFilter(url: URL): OrderFilter {
	const get = (name: string) => url.searchParams.get(name)
	return OrderFilterSchema.parse({
		status: get('status') ?? 'open',
		pair: get('pair') ?? '',
		translator: get('translator') ?? '',
		q: get('q') ?? '',
		due: get('due') ?? '',
	})
}

const OPEN = OPEN_ORDER_STATUSES

function whereFor({ status, pair, translator, q, due }: OrderFilter, today: CalendarDate): SQL | undefined {
	const conditions: SQL[] = []
	if (due === 'overdue') conditions.push(lt(orders.dueDate, today))
	if (due === 'soon') conditions.push(gte(orders.dueDate, today), lte(orders.dueDate, addWorkingDays(today, 1)))
	if (status === 'open') conditions.push(inArray(orders.status, OPEN))
	else if (status) conditions.push(eq(orders.status, status))
	if (pair) {
		const [from, to] = pair.split('>')
		conditions.push(eq(orders.fromLanguage, from!), eq(orders.toLanguage, to!))
	}
	if (translator === 'none') conditions.push(isNull(orders.translatorId))
	else if (translator) conditions.push(eq(orders.translatorId, translator))
	if (q) {
		const customer = (field: string) => sql`${orders.customer}->>${field}`
		// The finance office searches by its own references too: the PO and the cost centre.
		conditions.push(
			containsAny(q, [
				orders.reference,
				customer('name'),
				customer('email'),
				customer('companyName'),
				customer('purchaseOrder'),
				customer('costCentre'),
				customer('invoiceEmail'),
			]),
		)
	}
	return conditions.length ? and(...conditions) : undefined
}

// Working days from today to the due date (Danish working days, as the quote counts them);
// negative when the date has passed.
export function workingDaysLeft(dueDate: CalendarDate, today: CalendarDate = todayInDenmark()): number {
	return dueDate >= today ? workingDaysBetween(today, dueDate) : -workingDaysBetween(dueDate, today)
}

export const ORDERS_PAGE_SIZE = 100

// How many orders the list shows for a filter (the dashboard's counts link to those lists).
export async function countOrders(
	db: Database,
	filter: Partial<OrderFilter>,
	today: CalendarDate = todayInDenmark(),
): Promise<number> {
	const [row] = await db
		.select({ n: count() })
		.from(orders)
		.where(whereFor({ status: 'open', pair: '', translator: '', q: '', due: '', ...filter }, today))
	return row?.n ?? 0
}
const EXPORT_BATCH = 500

// One order as the list and the export show it: only the columns shown, never the terms the
// customer accepted (the whole terms text, kept with each order) or the quote's document.
const LISTED = {
	id: orders.id,
	reference: orders.reference,
	status: orders.status,
	dueDate: orders.dueDate,
	name: sql<string>`${orders.customer}->>'name'`,
	companyName: sql<string | null>`${orders.customer}->>'companyName'`,
	email: sql<string>`${orders.customer}->>'email'`,
	fromLanguage: orders.fromLanguage,
	toLanguage: orders.toLanguage,
	translator: teamMembers.name,
	total: sql<string>`${quotes.details}->'quote'->>'total'`,
	words: sql<string | null>`${quotes.details}->'quote'->>'words'`,
	surchargePercent: sql<string | null>`${quotes.details}->'quote'->>'surchargePercent'`,
	createdAt: orders.createdAt,
}

function selectListed(db: Database) {
	return db
		.select(LISTED)
		.from(orders)
		.innerJoin(quotes, eq(quotes.id, orders.quoteId))
		.leftJoin(teamMembers, eq(teamMembers.id, orders.translatorId))
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof selectListed>['execute']>>[number]

function present(row: ListedRow, today: CalendarDate) {
	const open = OPEN.includes(row.status)
	return {
		id: row.id,
		reference: row.reference,
		status: row.status,
		dueDate: row.dueDate,
		daysLeft: open ? workingDaysLeft(row.dueDate as CalendarDate, today) : null,
		isOverdue: open && row.dueDate < today,
		customer: row.companyName ?? row.name,
		email: row.email,
		pair: row.fromLanguage && row.toLanguage ? `${row.fromLanguage} → ${row.toLanguage}` : '',
		translator: row.translator,
		total: Number(row.total),
		words: Number(row.words ?? 0),
		// Express: the customer paid to have it sooner than the normal pace.
		express: Number(row.surchargePercent ?? 0) > 0,
		orderedAt: row.createdAt.toISOString(),
	}
}

export function readOrderPage(url: URL): number {
	return z.coerce
		.number()
		.int()
		.min(1)
		.max(1_000_000)
		.catch(1)
		.parse(url.searchParams.get('page') ?? 1)
}

// One page of the list by due date, soonest first, with the working days left and whether it is
// overdue, how many orders match in all, and how many there are in each status.
export async function listOrders(db: Database, filter: OrderFilter, page = 1, today: CalendarDate = todayInDenmark()) {
	const where = whereFor(filter, today)
	const [rows, [matching], byStatus] = await Promise.all([
		selectListed(db)
			.where(where)
			.orderBy(asc(orders.dueDate), asc(orders.id))
			.limit(ORDERS_PAGE_SIZE)
			.offset((page - 1) * ORDERS_PAGE_SIZE),
		db.select({ n: count() }).from(orders).where(where),
		db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
	])
	const total = matching?.n ?? 0
	return {
		orders: rows.map((row) => present(row, today)),
		page,
		pageSize: ORDERS_PAGE_SIZE,
		pageCount: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
		total,
		counts: Object.fromEntries(
			ORDER_STATUSES.map((status) => [status, byStatus.find((row) => row.status === status)?.n ?? 0]),
		) as Record<OrderStatus, number>,
	}
}

const CSV_HEADER = [
	'reference',
	'status',
	'due_date',
	'working_days_left',
	'customer',
	'email',
	'languages',
	'translator',
	'total_excl_vat',
]

// Every order the filter matches, not one page: read in batches after the last (due date, id)
// seen, so a large export holds one batch in memory at a time and never skips or repeats a row.
export async function* exportOrdersCsv(
	db: Database,
	filter: OrderFilter,
	today: CalendarDate = todayInDenmark(),
	words: CsvWords = MACHINE_WORDS,
): AsyncGenerator<string> {
	yield csvLine(words.header(CSV_HEADER)) + '\r\n'
	let after: { dueDate: string; id: number } | null = null
	for (;;) {
		const where: SQL | undefined = and(
			whereFor(filter, today),
			after ? sql`(${orders.dueDate}, ${orders.id}) > (${after.dueDate}, ${after.id})` : undefined,
		)
		const rows = await selectListed(db).where(where).orderBy(asc(orders.dueDate), asc(orders.id)).limit(EXPORT_BATCH)
		if (rows.length === 0) return
		yield rows
			.map((row) => present(row, today))
			.map(
				(row) =>
					csvLine([
						row.reference,
						words.code('status', row.status),
						row.dueDate,
						row.daysLeft === null ? '' : String(row.daysLeft),
						row.customer,
						row.email,
						row.pair,
						row.translator ?? '',
						row.total.toFixed(2),
					]) + '\r\n',
			)
			.join('')
		const last = rows.at(-1)!
		after = { dueDate: last.dueDate, id: last.id }
		if (rows.length < EXPORT_BATCH) return
	}
}

// Everything staff see of one order.
export async function findOrderForStaff(db: Database, id: number) {
	const [order] = await db.select().from(orders).where(eq(orders.id, id))
	if (!order) return null
	const [[quote], events, files, sources, bills, translators] = await Promise.all([
		db.select().from(quotes).where(eq(quotes.id, order.quoteId)),
		db
			.select()
			.from(orderEvents)
			.where(eq(orderEvents.orderId, id))
			.orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
		filesWithDownloads(db, id),
		db
			.select({
				id: documents.id,
				name: documents.name,
				size: documents.size,
				words: documents.words,
				minutes: documents.minutes,
				repeatedWords: documents.repeatedWords,
				status: documents.status,
				parts: documents.countParts,
			})
			.from(documents)
			.where(eq(documents.orderId, id))
			.orderBy(asc(documents.createdAt)),
		db.select().from(invoices).where(eq(invoices.orderId, id)).orderBy(asc(invoices.id)),
		translatorsFor(db, order.fromLanguage, order.toLanguage),
	])
	return {
		order,
		quote: {
			details: quote!.details as unknown as SavedQuoteDetails,
			copies: quote!.copies,
			currency: quote!.currency,
		},
		events,
		files,
		documents: sources,
		invoices: bills,
		translators,
	}
}

// The order's translated files, each with how often the customer downloaded it and when last.
async function filesWithDownloads(db: Database, orderId: number) {
	const [files, downloads] = await Promise.all([
		db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId)).orderBy(asc(orderFiles.createdAt)),
		db
			.select({ fileId: orderDownloads.fileId, n: count(), last: max(orderDownloads.createdAt) })
			.from(orderDownloads)
			.innerJoin(orderFiles, eq(orderFiles.id, orderDownloads.fileId))
			.where(eq(orderFiles.orderId, orderId))
			.groupBy(orderDownloads.fileId),
	])
	return files.map((file) => {
		const logged = downloads.find((row) => row.fileId === file.id)
		return { ...file, downloads: logged?.n ?? 0, lastDownloadAt: logged?.last ?? null }
	})
}

const fromLanguage = alias(languages, 'from_language')
const toLanguage = alias(languages, 'to_language')

// The team members who cover the order's language pair (every member when the pair is not set),
// with how many open orders each has now.
export async function translatorsFor(db: Database, from: string | null, to: string | null) {
	const members = await db
		.select({ id: teamMembers.id, name: teamMembers.name })
		.from(teamMembers)
		.orderBy(asc(teamMembers.position), asc(teamMembers.id))
	const covering =
		from && to
			? new Set(
					(
						await db
							.select({ id: teamMemberPairs.teamMemberId })
							.from(teamMemberPairs)
							.innerJoin(fromLanguage, eq(fromLanguage.id, teamMemberPairs.fromLanguageId))
							.innerJoin(toLanguage, eq(toLanguage.id, teamMemberPairs.toLanguageId))
							.where(and(eq(fromLanguage.code, from), eq(toLanguage.code, to)))
					).map((row) => row.id),
				)
			: null
	const loads = await db
		.select({ id: orders.translatorId, n: count() })
		.from(orders)
		.where(inArray(orders.status, OPEN))
		.groupBy(orders.translatorId)
	return members.map((member) => ({
		...member,
		coversPair: covering ? covering.has(member.id) : true,
		openOrders: loads.find((row) => row.id === member.id)?.n ?? 0,
	}))
}
