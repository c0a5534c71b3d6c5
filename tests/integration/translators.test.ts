import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { jobs, translators, users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { createJob } from '#app/models/vendor/jobs.server.ts'
import { acceptOffer, declineOffer } from '#app/models/vendor/offers.server.ts'
import { addJobFile } from '#app/models/vendor/work.server.ts'
import { multipartSource } from '#app/http/multipart.server.ts'
import { ADMIN_ENV, attemptLogin, logIn, type StaffClient } from '#tests/setup/admin.ts'
import { openCable, identifierFor } from '#tests/setup/cable.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { textOf } from '#tests/setup/http.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { jobValues, makeTranslator, orderWithDocument } from '#tests/setup/vendor.ts'

// The vendor side over real HTTP: translators' sessions reach only their own offers, jobs, files
// and threads, and nothing of the back office or the customer.
let server: RunningServer
let database: TestDatabase
let anna: StaffClient
let bo: StaffClient
const ids = {
	annaJob: 0, // offered to Anna and Bo; Anna accepts it over HTTP
	boOffer: 0, // offered to Bo only
	boJob: 0, // Bo's, with a file he handed in
	annaOrder: 0,
	annaDocument: '',
	boDocument: '',
	boFile: '',
	boUserId: 0,
	declinedJob: 0, // 6,000 words due in two hours, declined by Anna: open, to offer again
}

const logins: Record<'anna' | 'bo' | 'paused', { email: string; password: string }> = {
	anna: { email: '', password: '' },
	bo: { email: '', password: '' },
	paused: { email: '', password: '' },
}

beforeAll(async () => {
	database = await createTestDatabase()
	const handle = await openTestDatabase(database)
	try {
		await seedDatabase(handle.db, { companies: 0 })
		const [pm] = await handle.db
			.insert(users)
			.values({ email: 'pm@tolk.test', name: 'Pia PM', passwordHash: 'not used here', role: 'manager' })
			.returning({ id: users.id, name: users.name })
		const services = { ...testServices({ db: handle.db }), documentsDir: `${database.dataDir}/documents` }
		const a = await makeTranslator(services, pm!, 'Anna Vendor')
		const b = await makeTranslator(services, pm!, 'Bo Vendor')
		Object.assign(logins.paused, await makeTranslator(services, pm!, 'Paused Vendor', { active: false }))
		const first = await orderWithDocument(services, 1200, services.documentsDir)
		const second = await orderWithDocument(services, 900, services.documentsDir)
		const job = async (order: typeof first, who: number[]) => {
			const made = await createJob(services, pm!, order.order.id, jobValues(order.documentId, order.deadline, who))
			if (!('jobId' in made)) throw new Error(JSON.stringify(made))
			return made.jobId
		}
		ids.annaJob = await job(first, [a.id, b.id])
		ids.boOffer = await job(second, [b.id])
		ids.boJob = await job(second, [b.id])
		const [boRow] = await handle.db.select().from(translators).where(eq(translators.id, b.id))
		const boSelf = { id: b.id, userId: boRow!.userId, name: b.name }
		await acceptOffer(services, boSelf, ids.boJob)
		const form = new FormData()
		form.append('file', new Blob(['Bo translated this.']), 'bo-translation.txt')
		const file = await addJobFile(
			services,
			boSelf,
			ids.boJob,
			multipartSource(new Request('http://x/', { method: 'POST', body: form })),
			5,
		)
		Object.assign(ids, {
			annaOrder: first.order.id,
			annaDocument: first.documentId,
			boDocument: second.documentId,
			boFile: file!.id,
			boUserId: boRow!.userId,
		})
		logins.anna = a
		logins.bo = b
		// A large job Anna declined, its deadline moved to two hours from now: no one can do it in time.
		const large = await orderWithDocument(services, 6000, services.documentsDir)
		ids.declinedJob = await job(large, [a.id])
		const [annaRow] = await handle.db.select().from(translators).where(eq(translators.id, a.id))
		await declineOffer(services, { id: a.id, userId: annaRow!.userId, name: a.name }, ids.declinedJob, 'Too busy')
		await handle.db
			.update(jobs)
			.set({ deadline: new Date(Date.now() + 2 * 3_600_000) })
			.where(eq(jobs.id, ids.declinedJob))
	} finally {
		await handle.close()
	}
	server = await startServer(ADMIN_ENV, { database })
	anna = await logIn(server.url, logins.anna.email, logins.anna.password)
	bo = await logIn(server.url, logins.bo.email, logins.bo.password)
}, 120_000)
afterAll(async () => {
	await server?.stop()
	await database?.drop()
})

describe("a translator's session", () => {
	test('signs in at /work/login and lands on their own pages, never the back office', async () => {
		const visitor = await fetch(`${server.url}/work`, { redirect: 'manual', headers: { accept: 'text/html' } })
		expect(visitor.headers.get('location')).toBe('/work/login')
		const home = await anna.get('/work', { headers: { accept: 'text/html' } })
		expect(home.status).toBe(200)
		const text = textOf(await home.text())
		expect(text).toContain('Tilbud (1)')
		expect(text).toContain('Anna Vendor')
		for (const path of ['/admin', '/admin/orders', `/admin/orders/${ids.annaOrder}`, '/admin/translators']) {
			const page = await anna.get(path, { headers: { accept: 'text/html' } })
			expect(page.status, path).toBe(302)
			expect(page.headers.get('location'), path).toBe('/work')
			expect((await anna.call('GET', path)).status, path).toBe(403)
		}
		expect((await anna.call('GET', `/admin/orders/${ids.annaOrder}/documents/${ids.annaDocument}`)).status).toBe(403)
	})

	test('of a translator made inactive is refused their pages, with a page that says why', async () => {
		const { visitor, response } = await attemptLogin(server.url, logins.paused.email, logins.paused.password)
		const cookie = [visitor.cookie, ...response.headers.getSetCookie().map((header) => header.split(';')[0]!)].join(
			'; ',
		)
		const page = await fetch(`${server.url}/work`, { headers: { cookie, accept: 'text/html' } })
		expect(page.status).toBe(403)
		expect(textOf(await page.text())).toContain('Disse sider er for bureauets aktive oversættere')
		const offers = await fetch(`${server.url}/work`, { headers: { cookie, accept: 'application/json' } })
		expect(offers.status).toBe(403)
	})

	test("shows a job's documents, deadline and instructions, never the customer's name, e-mail, phone or price", async () => {
		const html = await (await anna.get(`/work/jobs/${ids.annaJob}`)).text()
		expect(textOf(html)).toContain('Use British English.')
		expect(html).not.toMatch(/Ida Holm|ida@example\.dk|20 30 40 50|companyName|totalWithVat/)
	})

	test("refuses every id and key that is not theirs: another's job, offer, source, file and thread (IDOR matrix)", async () => {
		const others = [ids.boOffer, ids.boJob, 999_999]
		const before = await statuses()
		for (const id of others) {
			for (const path of [
				`/work/jobs/${id}`,
				`/work/jobs/${id}/sources/${ids.boDocument}`,
				`/work/jobs/${id}/sources/${ids.annaDocument}`,
				`/work/jobs/${id}/files/${ids.boFile}`,
				`/work/jobs/${id}/delivered/${ids.boFile}`,
				`/work/jobs/${id}/messages/${ids.boFile}`,
			]) {
				expect((await anna.get(path, { headers: { accept: 'text/html' } })).status, path).toBe(404)
				expect((await anna.call('GET', path)).status, path).toBe(404)
			}
			for (const fields of [
				{ intent: 'accept', jobId: String(id), reason: '' },
				{ intent: 'decline', jobId: String(id), reason: 'Not mine' },
			]) {
				const answer = await anna.post('/work', fields)
				expect(answer.status).toBe(302)
			}
			expect((await anna.post(`/work/jobs/${id}`, { intent: 'message', body: 'Hello' })).status).toBe(404)
			expect((await anna.post(`/work/jobs/${id}`, { intent: 'done', note: '' })).status).toBe(404)
			const upload = new FormData()
			upload.append('authenticity_token', anna.csrfToken)
			upload.append('file', new Blob(['mine now']), 'steal.txt')
			expect((await anna.get(`/work/jobs/${id}/files`, { method: 'POST', body: upload })).status).toBe(404)
		}
		// Her own job's source is hers only through her own job.
		expect((await anna.get(`/work/jobs/${ids.annaJob}/sources/${ids.boDocument}`)).status).toBe(404)
		expect(await statuses()).toEqual(before)
		// Bo's page never shows Anna anything of his.
		expect(await (await anna.get('/work')).text()).not.toContain('bo-translation.txt')
	})

	test('accepting first gets the job; the other is told it is taken and nothing changes', async () => {
		const accepted = await anna.post('/work', { intent: 'accept', jobId: String(ids.annaJob) })
		expect(accepted.headers.get('location')).toBe(`/work/jobs/${ids.annaJob}`)
		const late = await bo.post('/work', { intent: 'accept', jobId: String(ids.annaJob) })
		expect(late.headers.get('location')).toBe('/work')
		const page = textOf(await (await bo.get('/work', { headers: { cookie: `${bo.cookie}; ${flashOf(late)}` } })).text())
		expect(page).toContain('En anden oversætter tog jobbet først')
		expect((await statuses())[ids.annaJob]).toBe('accepted')
		const source = await anna.get(`/work/jobs/${ids.annaJob}/sources/${ids.annaDocument}`)
		expect(source.status).toBe(200)
		expect(await source.text()).toContain('Kontrakt')
	})

	test("hears only their own stream: another translator's signed stream is refused on the socket", async () => {
		const boPage = await (await bo.get('/work')).text()
		const signed = /data-signed-stream-name="([^"]+)"/.exec(boPage)![1]!.replaceAll('&quot;', '"')
		const confirmation = (identifier: string) => (message: { identifier?: string; type?: string }) =>
			message.identifier === identifier &&
			(message.type === 'confirm_subscription' || message.type === 'reject_subscription')
		const identifier = identifierFor(signed)
		const intruder = await openCable(server.url, { cookie: anna.cookie })
		intruder.send({ command: 'subscribe', identifier })
		expect((await intruder.next(confirmation(identifier))).type).toBe('reject_subscription')
		intruder.socket.close()
		// The PM's job page hears the job's changes; a translator's socket may not.
		const admin = await logIn(server.url)
		const jobPage = await (await admin.get(`/admin/jobs/${ids.boJob}`)).text()
		const jobs = identifierFor(/data-signed-stream-name="([^"]+)"/.exec(jobPage)![1]!.replaceAll('&quot;', '"'))
		const staffSocket = await openCable(server.url, { cookie: admin.cookie })
		staffSocket.send({ command: 'subscribe', identifier: jobs })
		expect((await staffSocket.next(confirmation(jobs))).type).toBe('confirm_subscription')
		staffSocket.socket.close()
		const translatorSocket = await openCable(server.url, { cookie: bo.cookie })
		translatorSocket.send({ command: 'subscribe', identifier: jobs })
		expect((await translatorSocket.next(confirmation(jobs))).type).toBe('reject_subscription')
		translatorSocket.socket.close()
		const own = await openCable(server.url, { cookie: bo.cookie })
		own.send({ command: 'subscribe', identifier })
		expect((await own.next(confirmation(identifier))).type).toBe('confirm_subscription')
		own.socket.close()
	})
})

// Each job's state as the admin's job page shows it (the embedded database is the server's own).
async function statuses(): Promise<Record<number, string>> {
	const admin = await logIn(server.url)
	const result: Record<number, string> = {}
	for (const id of [ids.annaJob, ids.boOffer, ids.boJob]) {
		const html = await (await admin.get(`/admin/jobs/${id}`)).text()
		result[id] = /data-job-status="([^"]+)"/.exec(html)?.[1] ?? 'missing'
	}
	return result
}

const flashOf = (response: Response) =>
	response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(';')[0]!)
		.join('; ') || `x=${randomUUID()}`

describe("the PM's list to offer a job again", () => {
	test('warns beside each translator whose open work and the deadline leave no room for the job', async () => {
		const admin = await logIn(server.url)
		const html = await (await admin.get(`/admin/jobs/${ids.declinedJob}`)).text()
		expect(/data-job-status="([^"]+)"/.exec(html)?.[1]).toBe('open')
		const offerAgain = textOf(html.slice(html.indexOf('name="intent" value="reoffer"')))
		// Both translators of the pair are listed, each told they cannot do 6,000 words in two hours.
		for (const name of ['Anna Vendor', 'Bo Vendor'])
			expect(offerAgain).toMatch(new RegExp(`${name} · [^·]+ · åbent: [\\d.]+ ord\\s*Over kapaciteten`))
	})
})
