import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, notExists, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { jobs, orderEvents, orders, translators, users, type JobStatus } from '#database/schema.ts'
import type { Database } from '#database/client.ts'
import { addWorkingDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { OPEN_ORDER_STATUSES } from '#app/models/order/status.ts'
import { jobManager } from '#app/models/vendor/manager.server.ts'

// A PM's to-do list: what waits for them, most pressing kind first. Each kind is a question the
// database answers from the order's and job's own columns, so an item goes away by itself when
// its work is done (the job approved, the message answered, a job made for the revision).
// - late: a job past its deadline that is not handed in;
// - due: an order due by the next working day without an approved job;
// - review: a job handed in, waiting for approval or return;
// - message: a translator's message nobody answered;
// - revision: a customer asked for a revision and no job is working on it;
// - untaken: a job every offer of which was declined or expired.
export const TODO_KINDS = ['late', 'due', 'review', 'message', 'revision', 'untaken'] as const
export type TodoKind = (typeof TODO_KINDS)[number]

export type TodoItem = {
	kind: TodoKind
	orderId: number
	reference: string
	jobId: number | null
	// When the item arose (for `due`, the order's date of delivery at midnight is not a moment:
	// the order's own date is given in `dueDate`).
	since: string
	dueDate: string | null
	managerId: number | null
	managerName: string | null
	translator: string | null
}

// Whose items: mine (and nobody's, which are anyone's to take), everyone's, or one PM's.
export const TodoScopeSchema = z.union([z.enum(['mine', 'all']), z.coerce.number().int().positive()]).catch('mine')
export type TodoScope = z.infer<typeof TodoScopeSchema>

export const TODO_LIMIT = 100

const manager = alias(users, 'manager')
const translatorUser = alias(users, 'translator_user')
const total = sql<number>`count(*) over ()::int`
// A moment as milliseconds, the same from either driver.
const epochMs = (moment: SQL) => sql<number>`(extract(epoch from ${moment}) * 1000)::float8`.mapWith(Number)

function ownedBy(owner: SQL, scope: TodoScope, me: number) {
	if (scope === 'all') return undefined
	if (scope === 'mine') return or(eq(owner, me), isNull(owner))
	return eq(owner, scope)
}

function jobItems(db: Database, kind: TodoKind, where: SQL | undefined, since: SQL<Date | string>, limit: number) {
	return db
		.select({
			orderId: orders.id,
			reference: orders.reference,
			jobId: jobs.id,
			since: epochMs(since),
			managerId: jobManager,
			managerName: manager.name,
			translator: translatorUser.name,
			total,
		})
		.from(jobs)
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.leftJoin(manager, eq(manager.id, jobManager))
		.leftJoin(translators, eq(translators.id, jobs.translatorId))
		.leftJoin(translatorUser, eq(translatorUser.id, translators.userId))
		.where(where)
		.orderBy(asc(since), asc(jobs.id))
		.limit(limit)
		.then((rows) => rows.map((row) => ({ ...row, kind, dueDate: null })))
}

function orderItems(db: Database, kind: TodoKind, where: SQL | undefined, since: SQL<Date | string>, limit: number) {
	return db
		.select({
			orderId: orders.id,
			reference: orders.reference,
			since: epochMs(since),
			dueDate: orders.dueDate,
			managerId: orders.managerId,
			managerName: manager.name,
			total,
		})
		.from(orders)
		.leftJoin(manager, eq(manager.id, orders.managerId))
		.where(where)
		.orderBy(asc(since), asc(orders.id))
		.limit(limit)
		.then((rows) => rows.map((row) => ({ ...row, kind, jobId: null, translator: null })))
}

// The order's jobs in one of these statuses.
const jobsIn = (db: Database, statuses: JobStatus[]) =>
	db
		.select({ one: sql`1` })
		.from(jobs)
		.where(and(eq(jobs.orderId, orders.id), inArray(jobs.status, statuses)))

// The to-do list of `scope` as `me` sees it: up to `limit` items of each kind, oldest first, and
// how many there are of each.
export async function todoList(
	db: Database,
	{
		me,
		scope = 'mine',
		now = new Date(),
		limit = TODO_LIMIT,
	}: { me: number; scope?: TodoScope; now?: Date; limit?: number },
) {
	const forJob = ownedBy(jobManager, scope, me)
	const forOrder = ownedBy(sql`${orders.managerId}`, scope, me)
	const soon = addWorkingDays(todayInDenmark(now), 1)
	const revisionAsked = sql<Date>`coalesce((select max(${orderEvents.createdAt}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.kind} = 'revision'), ${orders.updatedAt})`
	const lists = await Promise.all([
		jobItems(
			db,
			'late',
			and(forJob, inArray(jobs.status, ['offered', 'accepted', 'in_progress', 'returned']), lt(jobs.deadline, now)),
			sql`${jobs.deadline}`,
			limit,
		),
		orderItems(
			db,
			'due',
			and(
				forOrder,
				inArray(orders.status, OPEN_ORDER_STATUSES),
				lte(orders.dueDate, soon),
				notExists(jobsIn(db, ['approved'])),
			),
			sql`${orders.createdAt}`,
			limit,
		),
		jobItems(
			db,
			'review',
			and(forJob, eq(jobs.status, 'done')),
			sql`coalesce(${jobs.doneAt}, ${jobs.updatedAt})`,
			limit,
		),
		jobItems(db, 'message', and(forJob, isNotNull(jobs.awaitingReplySince)), sql`${jobs.awaitingReplySince}`, limit),
		orderItems(
			db,
			'revision',
			and(
				forOrder,
				eq(orders.status, 'revision_requested'),
				notExists(jobsIn(db, ['open', 'offered', 'accepted', 'in_progress', 'done', 'returned'])),
			),
			revisionAsked,
			limit,
		),
		jobItems(db, 'untaken', and(forJob, eq(jobs.status, 'open')), sql`${jobs.updatedAt}`, limit),
	])
	const items = Object.fromEntries(
		TODO_KINDS.map((kind, index) => [kind, lists[index]!.map(({ total: _, ...item }) => toItem(item))]),
	) as Record<TodoKind, TodoItem[]>
	const counts = Object.fromEntries(TODO_KINDS.map((kind, index) => [kind, lists[index]![0]?.total ?? 0])) as Record<
		TodoKind,
		number
	>
	return { items, counts }
}

const toItem = (row: Omit<TodoItem, 'since'> & { since: number }): TodoItem => ({
	...row,
	since: new Date(row.since).toISOString(),
})

export type TodoList = Awaited<ReturnType<typeof todoList>>
