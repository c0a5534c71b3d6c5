import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, notExists, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { jobs, orderEvents, orders, translators, users, type JobStatus } from '#database/schema.ts'
import type { Database } from '#database/client.ts'
import { addWorkingDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { OPEN_ORDER_STATUSES } from '#app/models/order/status.ts'
import { jobManager } from '#app/models/vendor/manager.server.ts'
import { TODO_KINDS, type TodoItem, type TodoKind } from '#app/models/vendor/todo.ts'

export { TODO_KINDS, type TodoItem, type TodoKind } from '#app/models/vendor/todo.ts'

// Whose items: mine (and nobody's, which are anyone's to take), everyone's, or one PM's.
export const TodoScopeSchema = z.union([z.enum(['mine', 'all']), z.coerce.number().int().positive()]).catch('mine')
export type TodoScope = z.infer<typeof TodoScopeSchema>

export const TODO_LIMIT = 30
// A kind shown whole ("show all"): its first this many.
export const TODO_WHOLE_LIMIT = 500

const manager = alias(users, 'manager')
const translatorUser = alias(users, 'translator_user')
const total = sql<number>`count(*) over ()::int`
// A moment as milliseconds, the same from either driver.
const epochMs = (moment: SQL) => sql<number>`(extract(epoch from ${moment}) * 1000)::float8`.mapWith(Number)
const param = (name: 'me' | 'owner' | 'now' | 'soon' | 'limit') => sql.placeholder(name)

// The list's statements are prepared once per connection (planning them cost the embedded database
// more than running them): their shape depends only on the kind of scope, the rest are parameters.
type Shape = 'mine' | 'all' | 'one'
const shapeOf = (scope: TodoScope): Shape => (scope === 'mine' || scope === 'all' ? scope : 'one')

function ownedBy(owner: SQL, shape: Shape) {
	if (shape === 'all') return undefined
	if (shape === 'mine') return or(eq(owner, param('me')), isNull(owner))
	return eq(owner, param('owner'))
}

function jobItems(db: Database, name: string, where: SQL | undefined, since: SQL) {
	return db
		.select({
			orderId: orders.id,
			reference: orders.reference,
			jobId: jobs.id,
			since: epochMs(since),
			dueDate: sql<string | null>`null`,
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
		.limit(param('limit'))
		.prepare(name)
}

function orderItems(db: Database, name: string, where: SQL | undefined, since: SQL) {
	return db
		.select({
			orderId: orders.id,
			reference: orders.reference,
			jobId: sql<number | null>`null::int`,
			since: epochMs(since),
			dueDate: orders.dueDate,
			managerId: orders.managerId,
			managerName: manager.name,
			translator: sql<string | null>`null`,
			total,
		})
		.from(orders)
		.leftJoin(manager, eq(manager.id, orders.managerId))
		.where(where)
		.orderBy(asc(since), asc(orders.id))
		.limit(param('limit'))
		.prepare(name)
}

// The order's jobs in one of these statuses.
const jobsIn = (db: Database, statuses: JobStatus[]) =>
	db
		.select({ one: sql`1` })
		.from(jobs)
		.where(and(eq(jobs.orderId, orders.id), inArray(jobs.status, statuses)))

const revisionAsked = sql`coalesce((select max(${orderEvents.createdAt}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.kind} = 'revision'), ${orders.updatedAt})`

// Each kind's statement for a shape of scope.
function statements(db: Database, shape: Shape) {
	const forJob = ownedBy(jobManager, shape)
	const forOrder = ownedBy(sql`${orders.managerId}`, shape)
	const name = (kind: TodoKind) => `todo_${kind}_${shape}`
	return [
		jobItems(
			db,
			name('late'),
			and(
				forJob,
				inArray(jobs.status, ['offered', 'accepted', 'in_progress', 'returned']),
				lt(jobs.deadline, param('now')),
			),
			sql`${jobs.deadline}`,
		),
		orderItems(
			db,
			name('due'),
			and(
				forOrder,
				inArray(orders.status, OPEN_ORDER_STATUSES),
				lte(orders.dueDate, param('soon')),
				notExists(jobsIn(db, ['approved'])),
			),
			sql`${orders.createdAt}`,
		),
		jobItems(
			db,
			name('review'),
			and(forJob, eq(jobs.status, 'done')),
			sql`coalesce(${jobs.doneAt}, ${jobs.updatedAt})`,
		),
		jobItems(db, name('message'), and(forJob, isNotNull(jobs.awaitingReplySince)), sql`${jobs.awaitingReplySince}`),
		orderItems(
			db,
			name('customer'),
			and(forOrder, isNotNull(orders.customerWaitingSince)),
			sql`${orders.customerWaitingSince}`,
		),
		orderItems(
			db,
			name('revision'),
			and(
				forOrder,
				eq(orders.status, 'revision_requested'),
				notExists(jobsIn(db, ['open', 'offered', 'accepted', 'in_progress', 'done', 'returned'])),
			),
			revisionAsked,
		),
		jobItems(db, name('untaken'), and(forJob, eq(jobs.status, 'open')), sql`${jobs.updatedAt}`),
	] as const
}

const prepared = new WeakMap<Database, Map<Shape, ReturnType<typeof statements>>>()
function statementsFor(db: Database, shape: Shape) {
	let byShape = prepared.get(db)
	if (!byShape) prepared.set(db, (byShape = new Map()))
	let found = byShape.get(shape)
	if (!found) byShape.set(shape, (found = statements(db, shape)))
	return found
}

// The to-do list of `scope` as `me` sees it: up to `limit` items of each kind (the `whole` kind up
// to TODO_WHOLE_LIMIT), oldest first, and how many there are of each.
export async function todoList(
	db: Database,
	{
		me,
		scope = 'mine',
		now = new Date(),
		limit = TODO_LIMIT,
		whole = null,
	}: { me: number; scope?: TodoScope; now?: Date; limit?: number; whole?: TodoKind | null },
) {
	const values = {
		me,
		owner: typeof scope === 'number' ? scope : me,
		now: now.toISOString(),
		soon: addWorkingDays(todayInDenmark(now), 1),
		limit,
	}
	const lists = await Promise.all(
		statementsFor(db, shapeOf(scope)).map((statement, index) =>
			statement.execute(TODO_KINDS[index] === whole ? { ...values, limit: TODO_WHOLE_LIMIT } : values),
		),
	)
	const items = Object.fromEntries(
		TODO_KINDS.map((kind, index) => [kind, lists[index]!.map(({ total: _, ...item }) => toItem({ ...item, kind }))]),
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
