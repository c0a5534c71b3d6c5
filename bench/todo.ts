// A project manager's to-do list at a busy agency's scale: 200 open orders and 1,000 jobs on them
// (every kind of item among them, half the PM's own, a quarter another PM's, a quarter nobody's),
// beside 800 delivered orders with 4,000 approved jobs of the past year that the list must not
// walk. Served by the built server, signed in as the PM: their list, everyone's, and the dashboard
// that counts it, each under load (autocannon, p50/p99), beside the FAQ list as the baseline.
// Run: npm run build && npm run bench:todo (DATABASE_URL=… to run it on PostgreSQL)
import { eq, inArray, sql } from 'drizzle-orm'
import { jobs, orders, translators, users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { hashPassword } from '#app/models/staff/password.server.ts'
import { addWorkingDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { todoList } from '#app/models/vendor/todo.server.ts'
import { describeLoad, loadTest } from '#bench/load.ts'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { copiesOfOrder } from '#tests/setup/orders.ts'
import { startServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { orderWithDocument } from '#tests/setup/vendor.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:todo')

const OPEN_ORDERS = 200
const OPEN_JOBS = 1_000
const PAST_ORDERS = 800
const PAST_JOBS = 4_000
const LOAD = { connections: 10, seconds: 8 }
const PM = { email: 'pm@bench.test', password: 'bench-manager-password' }
const DAY = 86_400_000
// The open jobs' statuses in turn: every kind of to-do item comes out of them.
const STATUSES = ['offered', 'accepted', 'in_progress', 'done', 'returned', 'open', 'approved', 'in_progress'] as const

async function seedAgency(database: TestDatabase) {
	const handle = await openTestDatabase(database)
	try {
		const { db } = handle
		await seedDatabase(db, { companies: 0 })
		const passwordHash = await hashPassword(PM.password)
		const [pm, other, translatorUser] = await db
			.insert(users)
			.values([
				{ email: PM.email, name: 'Pia PM', role: 'manager' as const, passwordHash },
				{ email: 'other@bench.test', name: 'Otto PM', role: 'manager' as const, passwordHash },
				{ email: 'translator@bench.test', name: 'Tove Translator', role: 'translator' as const, passwordHash },
			])
			.returning({ id: users.id })
		const [translator] = await db.insert(translators).values({ userId: translatorUser!.id }).returning()
		const { order, documentId } = await orderWithDocument(testServices({ db }), 1500)
		await copiesOfOrder(db, order.id, OPEN_ORDERS + PAST_ORDERS - 1, 'TODO')
		const all = (await db.select({ id: orders.id }).from(orders).orderBy(orders.id)).map((row) => row.id)
		const [open, past] = [all.slice(0, OPEN_ORDERS), all.slice(OPEN_ORDERS)]
		const owner = (index: number) => [pm!.id, pm!.id, other!.id, null][Math.floor(index / 8) % 4]!
		// Open orders: due from today on, a few each day; the first ones by the next working day.
		const today = todayInDenmark()
		for (const [index, id] of open.entries())
			await db
				.update(orders)
				.set({
					managerId: owner(index),
					// Every job of an order has one status (200 orders, 8 statuses in turn); some whose jobs
					// are all approved were delivered, and the customer asked for a revision.
					status: index % 8 === 6 && index % 24 < 8 ? 'revision_requested' : 'in_progress',
					dueDate: addWorkingDays(today, Math.floor(index / 8)),
				})
				.where(eq(orders.id, id))
		await db.update(orders).set({ status: 'delivered' }).where(inArray(orders.id, past))
		const now = Date.now()
		const job = (orderId: number, index: number, status: (typeof STATUSES)[number], managerId: number | null) => ({
			orderId,
			status,
			fromLanguage: 'da',
			toLanguage: 'en',
			documentIds: [documentId],
			words: 300 + (index % 40) * 50,
			deadline: new Date(now + ((index % 20) - 4) * DAY),
			createdBy: 'Bench',
			managerId,
			translatorId: status === 'offered' || status === 'open' ? null : translator!.id,
			fee: 600,
			doneAt: status === 'done' || status === 'approved' ? new Date(now - (index % 30) * 3_600_000) : null,
			approvedAt: status === 'approved' ? new Date(now - (index % 365) * DAY) : null,
			// One in ten open jobs carries a translator's message nobody answered.
			awaitingReplySince: status !== 'approved' && index % 10 === 0 ? new Date(now - (index % 48) * 3_600_000) : null,
		})
		const rows = [
			...Array.from({ length: OPEN_JOBS }, (_, index) =>
				job(open[index % OPEN_ORDERS]!, index, STATUSES[index % STATUSES.length]!, owner(index % OPEN_ORDERS)),
			),
			...Array.from({ length: PAST_JOBS }, (_, index) => job(past[index % PAST_ORDERS]!, index, 'approved', pm!.id)),
		]
		for (let start = 0; start < rows.length; start += 1000)
			await db.insert(jobs).values(rows.slice(start, start + 1000))
		await db.execute(sql`analyze`)
		const list = await todoList(db, { me: pm!.id })
		const times = []
		for (let round = 0; round < 20; round++) {
			const start = performance.now()
			await todoList(db, { me: pm!.id })
			times.push(performance.now() - start)
		}
		times.sort((a, b) => a - b)
		console.log(`the list's queries alone: median ${times[10]!.toFixed(1)} ms, slowest ${times[19]!.toFixed(1)} ms`)
		return Object.entries(list.counts)
			.map(([kind, count]) => `${kind} ${count}`)
			.join(', ')
	} finally {
		await handle.close()
	}
}

const database = await createTestDatabase()
const started = performance.now()
const counts = await seedAgency(database)
console.log(
	`${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${OPEN_ORDERS} open orders with ${OPEN_JOBS} jobs, ${PAST_ORDERS} delivered with ${PAST_JOBS}, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
console.log(`the PM's own list: ${counts}`)
const server = await startServer(ADMIN_ENV, { database })
try {
	const staff = await logIn(server.url, PM.email, PM.password)
	console.log(`${LOAD.connections} connections, ${LOAD.seconds} s per page`)
	const probes = [
		['baseline: /admin/settings', '/admin/settings'],
		["the PM's to-do list (theirs and nobody's)", '/admin/todo'],
		["everyone's to-do list", '/admin/todo?who=all'],
		['the dashboard, with its to-do card', '/admin'],
	] as const
	for (const [label, path] of probes) {
		const probe = await staff.get(path)
		if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`)
		if (path.startsWith('/admin/todo') && !(await probe.text()).includes('data-todo-item'))
			throw new Error(`${path} lists nothing`)
		console.log(
			`${label}: ${describeLoad(await loadTest(server.url + path, { ...LOAD, headers: [`cookie=${staff.cookie}`] }))}`,
		)
	}
} finally {
	await server.stop()
	await database.drop()
}
