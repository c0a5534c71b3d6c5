import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { jobOffers, jobs, translators, users } from '#database/schema.ts'
import type { DatabaseHandle } from '#database/client.ts'
import { seedDatabase } from '#database/seed.ts'
import { createJob } from '#app/models/vendor/jobs.server.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { testServices } from '#tests/setup/services.ts'
import { jobValues, makeTranslator, orderWithDocument } from '#tests/setup/vendor.ts'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const JOBS = 30

// Two translators accept the same offers at the same moment from two processes sharing one
// PostgreSQL: every job goes to exactly one of them, the other is told it is taken.
describe.runIf(process.env.DATABASE_URL)('accepting an offer across processes', () => {
	let database: TestDatabase
	let handle: DatabaseHandle
	beforeAll(async () => {
		database = await createTestDatabase()
		handle = await openTestDatabase(database)
		await seedDatabase(handle.db, { companies: 0 })
	})
	afterAll(async () => {
		await handle?.close()
		await database?.drop()
	})

	test(
		`${JOBS} jobs offered to two, accepted by both at once, give ${JOBS} jobs with one translator each`,
		{ timeout: 120_000 },
		async () => {
			const [pm] = await handle.db
				.insert(users)
				.values({ email: 'pm@tolk.test', name: 'Pia PM', passwordHash: 'not used here' })
				.returning({ id: users.id, name: users.name })
			const services = testServices({ db: handle.db })
			const people = [await makeTranslator(services, pm!, 'Race One'), await makeTranslator(services, pm!, 'Race Two')]
			const rows = await handle.db
				.select()
				.from(translators)
				.where(
					inArray(
						translators.id,
						people.map((person) => person.id),
					),
				)
			const jobIds: number[] = []
			for (let index = 0; index < JOBS; index++) {
				const { order, documentId, deadline } = await orderWithDocument(services, 300 + index)
				const made = await createJob(
					services,
					pm!,
					order.id,
					jobValues(
						documentId,
						deadline,
						people.map((person) => person.id),
					),
				)
				if (!('jobId' in made)) throw new Error(JSON.stringify(made))
				jobIds.push(made.jobId)
			}
			const startAt = String(Date.now() + 1500)
			const accept = (row: (typeof rows)[number]) =>
				run(
					process.execPath,
					[
						'tests/setup/accept-offers.ts',
						database.databaseUrl!,
						startAt,
						String(row.id),
						String(row.userId),
						...jobIds.map(String),
					],
					{ cwd: ROOT },
				)
			const outputs = await Promise.all(rows.map(accept))
			const outcomes = outputs.map(({ stdout }) => JSON.parse(stdout) as Record<string, string>)
			for (const id of jobIds)
				expect([outcomes[0]![id], outcomes[1]![id]].sort(), `job ${id}`).toEqual(['accepted', 'taken'])
			const taken = await handle.db.select().from(jobs).where(inArray(jobs.id, jobIds))
			for (const job of taken) {
				const winner = outcomes[0]![job.id] === 'accepted' ? rows[0]! : rows[1]!
				expect(job).toMatchObject({ status: 'accepted', translatorId: winner.id })
			}
			const offers = await handle.db.select().from(jobOffers).where(inArray(jobOffers.jobId, jobIds))
			expect(offers.filter((offer) => offer.status === 'accepted')).toHaveLength(JOBS)
			expect(offers.filter((offer) => offer.status === 'withdrawn')).toHaveLength(JOBS)
		},
	)
})
