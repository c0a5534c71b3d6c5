// The vendor side at an agency's scale: 200 translators (each in three pairs, half of them in
// Danish to English) and 5,000 jobs on 250 orders (offered, taken, handed in and approved over
// the last year), served by the built server.
// 1. The PM's order page with "who can take this" (the 100 translators of its pair, each with
//    their open words and next deadline) and a job's review page, as signed-in staff.
// 2. A translator's own pages: their overview (offers, jobs, past jobs, earnings by month) and a
//    job, as that translator; each under load (autocannon, p50/p99), beside the FAQ list as the
//    baseline.
// Run: npm run build && npm run bench:vendor (DATABASE_URL=… to run it on PostgreSQL)
import { eq, sql } from 'drizzle-orm'
import { jobOffers, jobs, orders, translatorPairs, translators, users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { hashPassword } from '#app/models/staff/password.server.ts'
import { describeLoad, loadTest } from '#bench/load.ts'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { copiesOfOrder } from '#tests/setup/orders.ts'
import { startServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { orderWithDocument } from '#tests/setup/vendor.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:vendor')

const TRANSLATORS = 200
const JOBS = 5_000
const ORDERS = 250
const LOAD = { connections: 10, seconds: 8 }
const PASSWORD = 'bench-translator-password'
const PAIRS = [
	['da', 'en'],
	['en', 'da'],
	['da', 'de'],
	['de', 'da'],
	['da', 'sv'],
	['sv', 'da'],
] as const
const STATUSES = ['offered', 'accepted', 'in_progress', 'done', 'returned', 'approved', 'approved', 'approved'] as const

async function seedVendors(database: TestDatabase) {
	const handle = await openTestDatabase(database)
	try {
		const { db } = handle
		await seedDatabase(db, { companies: 0 })
		const services = testServices({ db })
		const { order, documentId } = await orderWithDocument(services, 1500)
		await copiesOfOrder(db, order.id, ORDERS - 1, 'BENCH')
		const orderIds = (await db.select({ id: orders.id }).from(orders)).map((row) => row.id)
		const passwordHash = await hashPassword(PASSWORD)
		const people = await db
			.insert(users)
			.values(
				Array.from({ length: TRANSLATORS }, (_, index) => ({
					email: `translator${index}@bench.test`,
					name: `Translator ${String(index).padStart(3, '0')}`,
					role: 'translator' as const,
					passwordHash,
				})),
			)
			.returning({ id: users.id })
		const rows = await db
			.insert(translators)
			.values(people.map((person, index) => ({ userId: person.id, dailyCapacity: 1500 + (index % 7) * 250 })))
			.returning({ id: translators.id })
		// Every other translator works Danish to English; each has three pairs.
		await db
			.insert(translatorPairs)
			.values(
				rows.flatMap((row, index) =>
					[0, 1, 2].map((offset) => {
						const [from, to] = PAIRS[index % 2 === 0 && offset === 0 ? 0 : ((index + offset) % 5) + 1]!
						return { translatorId: row.id, fromLanguage: from, toLanguage: to, ratePerWord: 0.7 + (index % 5) / 10 }
					}),
				),
			)
			.onConflictDoNothing()
		const now = Date.now()
		for (let start = 0; start < JOBS; start += 1000) {
			const batch = Array.from({ length: Math.min(1000, JOBS - start) }, (_, offset) => {
				const index = start + offset
				const status = STATUSES[index % STATUSES.length]!
				const translatorId = rows[index % TRANSLATORS]!.id
				const day = 86_400_000
				return {
					orderId: orderIds[index % orderIds.length]!,
					status,
					fromLanguage: 'da',
					toLanguage: 'en',
					documentIds: [documentId],
					words: 300 + (index % 40) * 50,
					deadline: new Date(now + ((index % 30) - 5) * day),
					instructions: 'Keep the terminology of the earlier contracts.',
					createdBy: 'Bench',
					translatorId: status === 'offered' ? null : translatorId,
					fee: status === 'offered' ? null : 400 + (index % 40) * 30,
					acceptedAt: status === 'offered' ? null : new Date(now - (index % 365) * day),
					approvedAt: status === 'approved' ? new Date(now - (index % 365) * day) : null,
				}
			})
			const made = await db.insert(jobs).values(batch).returning({ id: jobs.id, status: jobs.status })
			// An offered job waits on three translators.
			const offered = made.filter((job) => job.status === 'offered')
			if (offered.length)
				await db.insert(jobOffers).values(
					offered.flatMap((job, at) =>
						[0, 1, 2].map((k) => ({
							jobId: job.id,
							translatorId: rows[(at * 3 + k) % TRANSLATORS]!.id,
							fee: 900,
							expiresAt: new Date(now + 86_400_000),
						})),
					),
				)
		}
		await db.execute(sql`analyze`)
		const [busiest] = await db
			.select({ userId: translators.userId, jobs: sql<number>`count(*)::int`, jobId: sql<number>`max(${jobs.id})` })
			.from(jobs)
			.innerJoin(translators, eq(translators.id, jobs.translatorId))
			.groupBy(translators.userId)
			.orderBy(sql`count(*) desc`)
			.limit(1)
		const [email] = await db.select({ email: users.email }).from(users).where(eq(users.id, busiest!.userId))
		// The same order page where nobody works in the pair: what the candidates cost, in the same run.
		const [other] = await db
			.update(orders)
			.set({ fromLanguage: 'fi', toLanguage: 'da' })
			.where(eq(orders.id, orderIds[1]!))
			.returning({ id: orders.id })
		return {
			orderId: order.id,
			otherOrderId: other!.id,
			email: email!.email,
			translatorJob: busiest!.jobId,
			jobs: busiest!.jobs,
		}
	} finally {
		await handle.close()
	}
}

const database = await createTestDatabase()
const started = performance.now()
const seeded = await seedVendors(database)
console.log(
	`${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${TRANSLATORS} translators and ${JOBS} jobs seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
const server = await startServer(ADMIN_ENV, { database })
try {
	const staff = await logIn(server.url)
	const translator = await logIn(server.url, seeded.email, PASSWORD)
	console.log(`${LOAD.connections} connections, ${LOAD.seconds} s per page`)
	const probes = [
		['baseline: /admin/faq', '/admin/faq', staff],
		['PM: order page, nobody in its pair (baseline)', `/admin/orders/${seeded.otherOrderId}`, staff],
		['PM: order page with who can take it (100)', `/admin/orders/${seeded.orderId}`, staff],
		['PM: a job to review', `/admin/jobs/${seeded.translatorJob}`, staff],
		['PM: payables (a year of approved jobs)', '/admin/payables', staff],
		[`translator: my work (${seeded.jobs} jobs)`, '/work', translator],
		['translator: a job', `/work/jobs/${seeded.translatorJob}`, translator],
	] as const
	for (const [label, path, client] of probes) {
		const probe = await client.get(path)
		if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`)
		const html = await probe.text()
		if (label.includes('(100)') && (html.match(/data-candidate=/g) ?? []).length < 90)
			throw new Error('the order page lists fewer candidates than the pair has')
		console.log(
			`${label}: ${describeLoad(await loadTest(server.url + path, { ...LOAD, headers: [`cookie=${client.cookie}`] }))}`,
		)
	}
} finally {
	await server.stop()
	await database.drop()
}
