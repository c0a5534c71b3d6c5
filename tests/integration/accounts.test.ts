// Customer accounts over HTTP against the built server: the sign-in by the link in the mail
// folder, what the cookie is, what an account reaches (and never reaches) by every id and key, and
// that no account page is shared through the page cache.
import { mkdirSync, writeFileSync } from 'node:fs'
import { isPublicAdminRoute } from '#app/utils/admin-paths.ts'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { strFromU8, unzipSync } from 'fflate'
import { eq } from 'drizzle-orm'
import routes from '#app/routes.ts'
import { concrete, routePaths, sendAsWritten, spellingsOf } from '#tests/setup/spellings.ts'
import { identifierFor, openCable } from '#tests/setup/cable.ts'

type Entry = { path?: string; children?: Entry[] }
import { companies, customerCompanies, customers, invoices, orderFiles } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { ADMIN_ENV, clientFor, logIn, type StaffClient } from '#tests/setup/admin.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { textOf, visit } from '#tests/setup/http.ts'
import { mailsIn, waitForMailTo } from '#tests/setup/mail-folder.ts'
import { acceptFields, inProgressWithFile, insertStaff, savedQuote } from '#tests/setup/orders.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'

type Seeded = { id: number; reference: string; token: string; invoiceId: number; fileId: string }

let database: TestDatabase
let server: RunningServer
const seeded: Record<string, Seeded> = {}
// A company whose orders above 1.000 kr. wait for its manager, and a quote above it.
const RULED = { cvr: 40404040, name: 'Lys & Lyd ApS', manager: 'boss@lys.dk' }
let largeQuoteId = ''

async function seedRuledCompany(handle: Awaited<ReturnType<typeof openTestDatabase>>) {
	await handle.db.insert(companies).values({ cvr: RULED.cvr, name: RULED.name, searchName: 'lys lyd', isActive: true })
	const [company] = await handle.db
		.insert(customerCompanies)
		.values({ cvr: RULED.cvr, name: RULED.name, approvalLimit: 1000 })
		.returning()
	const details = {
		name: 'Boss',
		phone: '',
		companyCvr: RULED.cvr,
		companyName: RULED.name,
		companyAddress: null,
		ean: null,
		buyerReference: null,
	}
	await handle.db
		.insert(customers)
		.values({ email: RULED.manager, details, companyId: company!.id, managesCompany: true })
	largeQuoteId = (await savedQuote(handle.db, 8000)).quoteId
}

async function seedOrders(test: TestDatabase) {
	const handle = await openTestDatabase(test)
	try {
		await seedDatabase(handle.db, { companies: 0 })
		const staff = await insertStaff(handle.db)
		const services = testServices({ db: handle.db })
		for (const email of ['ida@example.dk', 'other@example.dk']) {
			const { quoteId } = await savedQuote(handle.db)
			const accepted = await acceptQuote(services, quoteId, acceptFields({ email }), 'da')
			if (!accepted.ok) throw new Error('not accepted')
			const order = await inProgressWithFile(services, staff, accepted.token)
			await changeOrderStatus(services, staff, order.id, 'delivered')
			const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, order.id))
			const [file] = await handle.db.select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
			const deliveries = path.join(test.dataDir, 'documents', 'deliveries')
			mkdirSync(deliveries, { recursive: true })
			writeFileSync(path.join(deliveries, file!.storedName), `the translation for ${email}`)
			seeded[email] = {
				id: order.id,
				reference: order.reference,
				token: order.token,
				invoiceId: invoice!.id,
				fileId: file!.id,
			}
		}
		await seedRuledCompany(handle)
	} finally {
		await handle.close()
	}
}

beforeAll(async () => {
	database = await createTestDatabase()
	await seedOrders(database)
	server = await startServer(ADMIN_ENV, { database })
}, 120_000)

afterAll(async () => {
	await server?.stop()
	await database?.drop()
})

// A visitor asks for a link on the sign-in page, opens it from the mail folder and presses the button.
async function signIn(email: string, locale: 'da' | 'en' = 'da') {
	const signInPath = locale === 'da' ? '/konto/log-ind' : '/en/account/sign-in'
	const visitor = await visit(server.url, signInPath)
	const client = clientFor(server.url, visitor.cookie, visitor.csrfToken)
	const before = (await mailsTo(email)).length
	const asked = await client.post(signInPath, { email })
	expect(asked.status).toBe(200)
	const mail = await waitForMailTo(database.dataDir, email, before)
	const link = mail.text.match(/http:\/\/[^\s]+\/(?:konto|en\/account)\/link\/[\w-]{43}/)![0]
	const linkPath = new URL(link).pathname
	const page = await client.get(linkPath)
	expect(page.status).toBe(200)
	const used = await client.post(linkPath, {})
	expect(used.status).toBe(302)
	const cookie = used.headers.getSetCookie().find((header) => header.startsWith('tolk_customer='))!
	return {
		client: clientFor(server.url, `${visitor.cookie}; ${cookie.split(';')[0]}`, visitor.csrfToken),
		cookie,
		linkPath,
		used,
	}
}

const mailsTo = async (email: string) => (await mailsIn(database.dataDir)).filter((mail) => mail.to.includes(email))

describe('signing in by the link in the mail', () => {
	test('the link signs in for 30 days with an HttpOnly, SameSite cookie, once; the account has the orders made before', async () => {
		const { client, cookie, linkPath, used } = await signIn('ida@example.dk')
		expect(used.headers.get('location')).toBe('/konto')
		// The link's token opens the account: the log shows where it went, never the token.
		// (the log line is written a moment after the answer)
		await expect.poll(() => server.logs()).toContain('"path":"/konto/link/[token]"')
		expect(server.logs()).not.toContain(linkPath.split('/').at(-1))
		expect(cookie).toMatch(/; Max-Age=2592000; HttpOnly; SameSite=Lax/)
		const account = await client.get('/konto')
		expect(account.status).toBe(200)
		expect(account.headers.get('cache-control')).toContain('no-store')
		const text = textOf(await account.text())
		expect(text).toContain(`Ordre ${seeded['ida@example.dk']!.reference}`)
		expect(text).not.toContain(seeded['other@example.dk']!.reference)

		// The link is spent: it says so and offers a new one.
		const again = textOf(await (await client.get(linkPath)).text())
		expect(again).toContain('Linket er allerede brugt')
		expect(again).toContain('Send mig et nyt link')
		const tampered = textOf(await (await client.get(linkPath.slice(0, -2) + 'xx')).text())
		expect(tampered).toContain('Linket er ikke gyldigt')
	})

	test('the page answers the same for an address with an account and one without', async () => {
		const visitor = await visit(server.url, '/en/account/sign-in')
		const client = clientFor(server.url, visitor.cookie, visitor.csrfToken)
		const answer = async (email: string) =>
			textOf(await (await client.post('/en/account/sign-in', { email })).text()).replace(email, 'EMAIL')
		expect(await answer('ida@example.dk')).toBe(await answer('never-ordered@example.dk'))
		const refused = await client.post('/en/account/sign-in', { email: 'not an address' })
		expect(refused.status).toBe(422)
		const html = await refused.text()
		expect(textOf(html)).toContain('Enter a valid email address')
		expect(html).toContain('value="not an address"')
	})

	test('signing out ends the session: the cookie no longer opens the account', async () => {
		const { client } = await signIn('ida@example.dk', 'en')
		expect((await client.get('/en/account')).status).toBe(200)
		const out = await client.post('/account/sign-out', { locale: 'en' })
		expect(out.status).toBe(302)
		expect(out.headers.get('location')).toBe('/en/account/sign-in')
		expect(out.headers.getSetCookie().join()).toMatch(/tolk_customer=; .*Max-Age=0/)
		const after = await client.get('/en/account', { headers: { accept: 'text/html' } })
		expect(after.status).toBe(302)
		expect(after.headers.get('location')).toBe('/en/account/sign-in?next=%2Fen%2Faccount')
	})
})

const ACCOUNT_PAGES = [
	'/konto',
	'/konto/tilbud',
	'/konto/fakturaer',
	'/konto/oplysninger',
	'/en/account',
	'/en/account/details',
]

describe('what an account reaches', () => {
	let ida: StaffClient
	beforeAll(async () => {
		ida = (await signIn('ida@example.dk')).client
	})

	test('its own invoice PDF and delivered file; another customer’s by every id is not found', async () => {
		const own = seeded['ida@example.dk']!
		const other = seeded['other@example.dk']!
		const pdf = await ida.get(`/account/invoices/${own.invoiceId}/pdf`)
		expect(pdf.status).toBe(200)
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		expect(
			Buffer.from(await pdf.arrayBuffer())
				.subarray(0, 5)
				.toString(),
		).toBe('%PDF-')
		const file = await ida.get(`/account/files/${own.fileId}`)
		expect(file.status).toBe(200)
		expect(await file.text()).toBe('the translation for ida@example.dk')

		for (const probe of [
			`/account/invoices/${other.invoiceId}/pdf`,
			`/account/invoices/${other.invoiceId}/oioubl`,
			// Without an EAN there is no e-invoice to take.
			`/account/invoices/${own.invoiceId}/oioubl`,
			`/account/invoices/999999/pdf`,
			`/account/invoices/0x1/pdf`,
			`/account/files/${other.fileId}`,
			`/account/files/00000000-0000-0000-0000-000000000000`,
			`/account/files/..%2F..%2Fsecret_key`,
		]) {
			const response = await ida.get(probe)
			expect(response.status, probe).toBe(404)
		}
		const again = await ida.get(`/bestil?again=${other.reference}`)
		expect(textOf(await again.text())).not.toContain(other.reference)
	})

	test('the whole delivery as one ZIP: its own order’s, by the account or the order’s link; another’s by every id is not found', async () => {
		const own = seeded['ida@example.dk']!
		const other = seeded['other@example.dk']!
		for (const zip of [
			await ida.get(`/account/orders/${own.id}/files.zip`),
			await ida.get(`/orders/${own.token}/files.zip`),
		]) {
			expect(zip.status).toBe(200)
			expect(zip.headers.get('content-type')).toBe('application/zip')
			expect(zip.headers.get('content-disposition')).toBe(`attachment; filename="${own.reference}.zip"`)
			const unpacked = unzipSync(new Uint8Array(await zip.arrayBuffer()))
			expect(Object.keys(unpacked)).toEqual(['contract.docx'])
			expect(strFromU8(unpacked['contract.docx']!)).toBe('the translation for ida@example.dk')
		}
		for (const probe of [
			`/account/orders/${other.id}/files.zip`,
			`/account/orders/999999/files.zip`,
			`/account/orders/0x1/files.zip`,
			`/account/orders/${own.id}%2F..%2F${other.id}/files.zip`,
			`/orders/${'x'.repeat(32)}/files.zip`,
			`/orders/${own.token.slice(0, -1)}/files.zip`,
		]) {
			const response = await ida.get(probe)
			expect(response.status, probe).toBe(404)
		}
		const visitor = await visit(server.url, '/')
		const anonymous = clientFor(server.url, visitor.cookie, visitor.csrfToken)
		const call = await anonymous.get(`/account/orders/${own.id}/files.zip`, { headers: { accept: 'application/json' } })
		expect(call.status).toBe(401)
	})

	test('the lists are searched by what the customer knows: a reference finds its order, nothing finds nothing', async () => {
		const own = seeded['ida@example.dk']!
		const found = textOf(await (await ida.get(`/konto?q=${own.reference}`)).text())
		expect(found).toContain(`Ordre ${own.reference}`)
		expect(found).toContain('1 fundet')
		const none = textOf(await (await ida.get(`/en/account?q=${seeded['other@example.dk']!.reference}`)).text())
		expect(none).toContain('Nothing matches the search.')
		expect(none).not.toContain(seeded['other@example.dk']!.reference.replace(/^/, 'Order '))
		const invoices = textOf(await (await ida.get('/konto/fakturaer?state=unpaid')).text())
		expect(invoices).toContain(own.reference)
	})

	test('the order’s link writes with files; too long or a wrong file is refused with the words kept; staff answer by mail; the files are the order’s only', async () => {
		const own = seeded['ida@example.dk']!
		const other = seeded['other@example.dk']!
		const page = `/ordre/${own.token}`
		const visitor = await visit(server.url, page)
		const customer = clientFor(server.url, visitor.cookie, visitor.csrfToken)
		const send = (form: FormData) => customer.get(page, { method: 'POST', body: form })

		const long = 'Ord '.repeat(1250) + 'x'
		const tooLong = await send(messageForm(customer, long))
		expect(tooLong.status).toBe(422)
		const refusedHtml = await tooLong.text()
		expect(textOf(refusedHtml)).toContain('Beskeden er 5.001 tegn lang. Den må højst være 5.000 tegn.')
		expect(refusedHtml).toContain(long.slice(0, 200))

		const wrongFile = await send(messageForm(customer, 'Se vedhæftede', [{ name: 'run.exe', content: 'MZ' }]))
		expect(wrongFile.status).toBe(415)
		const wrongText = textOf(await wrongFile.text())
		expect(wrongText).toContain('Du kan ikke uploade filer af denne type.')
		expect(wrongText).toContain('Din tekst er bevaret')

		const sent = await send(
			messageForm(customer, 'Side 2 har en fejl i firmanavnet.', [{ name: 'rettelse.txt', content: 'ApS, ikke Aps' }]),
		)
		expect(sent.status).toBe(200)
		expect(textOf(await sent.text())).toContain('Beskeden er sendt.')
		const html = await (await customer.get(page)).text()
		expect(textOf(html)).toContain('Side 2 har en fejl i firmanavnet.')
		const href = html.match(new RegExp(`/orders/${own.token}/messages/[0-9a-f-]{36}`))![0]
		const attachmentId = href.split('/').at(-1)!
		const file = await customer.get(href)
		expect(file.status).toBe(200)
		expect(await file.text()).toBe('ApS, ikke Aps')

		// Only the order's own link or account reaches the file.
		expect((await customer.get(`/orders/${other.token}/messages/${attachmentId}`)).status).toBe(404)
		expect((await ida.get(`/account/orders/${own.id}/messages/${attachmentId}`)).status).toBe(200)
		const stranger = (await signIn('other@example.dk')).client
		for (const probe of [
			`/account/orders/${own.id}/messages/${attachmentId}`,
			`/account/orders/${other.id}/messages/${attachmentId}`,
		])
			expect((await stranger.get(probe)).status, probe).toBe(404)
		expect((await stranger.get(`/konto/ordrer/${own.id}`, { headers: { accept: 'text/html' } })).status).toBe(404)
		const strangerPost = await stranger.get(`/konto/ordrer/${own.id}`, {
			method: 'POST',
			body: messageForm(stranger, 'Not mine'),
		})
		expect(strangerPost.status).toBe(404)

		// Staff answer from the order's page; the customer is mailed the answer and the page shows it.
		const staff = await logIn(server.url)
		const adminPage = textOf(await (await staff.get(`/admin/orders/${own.id}`)).text())
		expect(adminPage).toContain('Side 2 har en fejl i firmanavnet.')
		const before = (await mailsTo('ida@example.dk')).length
		const answered = await staff.get(`/admin/orders/${own.id}`, {
			method: 'POST',
			body: messageForm(staff, 'Tak, vi retter firmanavnet i dag.'),
		})
		expect(answered.status).toBe(302)
		expect(answered.headers.get('location')).toBe(`/admin/orders/${own.id}#thread`)
		const mail = await waitForMailTo(database.dataDir, 'ida@example.dk', before)
		expect(mail.text).toContain('Tak, vi retter firmanavnet i dag.')
		expect(textOf(await (await customer.get(page)).text())).toContain('Tak, vi retter firmanavnet i dag.')
		expect(textOf(await (await ida.get(`/konto/ordrer/${own.id}`)).text())).toContain(
			'Tak, vi retter firmanavnet i dag.',
		)
		expect((await staff.get(`/admin/orders/${own.id}/messages/${attachmentId}`)).status).toBe(200)
		expect((await staff.get(`/admin/orders/${other.id}/messages/${attachmentId}`)).status).toBe(404)
	})

	// Found from outside: 45 messages with 5 files each in 25 s were 225 files on disk and 45 mails.
	test('the thread streams attachments up to the upload limit, counts them against the order’s quota, and mails the agency once per window', async () => {
		const other = seeded['other@example.dk']!
		const page = `/ordre/${other.token}`
		const visitor = await visit(server.url, page)
		const customer = clientFor(server.url, visitor.cookie, visitor.csrfToken)
		const send = (form: FormData) => customer.get(page, { method: 'POST', body: form })
		const agency = async () =>
			(await mailsIn(database.dataDir)).filter((mail) => mail.subject.includes(other.reference))

		// A 300 KB PDF is more than a form's 256 KiB: it streams like an upload.
		const pdf = `%PDF-1.4\n${'%'.repeat(300 * 1024)}\n%%EOF\n`
		const large = await send(
			messageForm(customer, 'Her er den underskrevne side.', [{ name: 'side.pdf', content: pdf }]),
		)
		expect(large.status).toBe(200)
		await expect.poll(async () => (await agency()).length).toBe(1)

		// Five files a message: the order's thread holds 100 files and messages in all (the PDF's
		// message was two), so the 17th is refused, in Danish, with the words kept.
		const files = Array.from({ length: 5 }, (_, n) => ({ name: `bilag-${n}.txt`, content: `bilag ${n}` }))
		const statuses: number[] = []
		let refusal = ''
		for (let n = 0; n < 20 && !refusal; n++) {
			const answer = await send(messageForm(customer, `Besked nummer ${n}`, files))
			statuses.push(answer.status)
			if (answer.status !== 200) refusal = await answer.text()
		}
		expect(statuses.filter((status) => status === 200).length).toBe(16)
		expect(statuses.at(-1)).toBe(429)
		expect(textOf(refusal)).toContain('Ordrens samtale rummer så mange beskeder og filer, som en ordre kan.')
		expect(refusal).toContain('Besked nummer 16')
		// Everything after the first mail waits for the window's one digest: no mail per message.
		expect((await agency()).length).toBe(1)
	})

	test('an account outside a company decides no approval, whatever the id', async () => {
		for (const approval of ['1', '999999', 'x']) {
			const answer = await ida.post('/konto', { intent: 'approval', approval, decision: 'approve', note: '' })
			expect([400, 404], approval).toContain(answer.status)
			expect(textOf(await answer.text())).toContain('Bestillingen venter ikke længere på godkendelse.')
		}
	})

	test('the data download is the person’s own', async () => {
		const response = await ida.get('/account/data')
		expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tolk-data-/)
		const exported = (await response.json()) as { account: { email: string }; orders: { reference: string }[] }
		expect(exported.account.email).toBe('ida@example.dk')
		expect(exported.orders.map((order) => order.reference)).toEqual([seeded['ida@example.dk']!.reference])
	})

	test('anonymous visitors and staff are sent to the sign-in from every account page, and every account call answers 401', async () => {
		const staff = await logIn(server.url)
		const visitor = await visit(server.url, '/')
		for (const client of [clientFor(server.url, visitor.cookie, visitor.csrfToken), staff]) {
			for (const page of ACCOUNT_PAGES) {
				const response = await client.get(page, { headers: { accept: 'text/html' } })
				expect(response.status, page).toBe(302)
				expect(response.headers.get('location'), page).toMatch(/^\/(?:konto\/log-ind|en\/account\/sign-in)\?next=/)
			}
			for (const call of [
				`/account/invoices/${seeded['ida@example.dk']!.invoiceId}/pdf`,
				`/account/files/${seeded['ida@example.dk']!.fileId}`,
				'/account/data',
			]) {
				const response = await client.get(call, { headers: { accept: 'application/json' } })
				expect(response.status, call).toBe(401)
				expect(await response.json()).toEqual({ error: 'Sign in to continue.' })
				// A browser's download link goes to the sign-in instead.
				const link = await client.get(call, { headers: { accept: 'text/html' } })
				expect(link.status, call).toBe(302)
			}
			const posted = await client.post('/konto/oplysninger', { intent: 'delete', confirm: 'on' })
			expect(posted.status).toBe(401)
		}
	})

	test('a signed-in customer is a visitor to every back-office and translator address in the route table', async () => {
		// The sign-ins and an invitation's page are anyone's (app/utils/admin-paths.ts).
		const patterns = routePaths(routes as Entry[], ['admin', 'work']).filter(
			(path) => !path.endsWith('login') && !isPublicAdminRoute(path),
		)
		expect(patterns.length).toBeGreaterThan(40)
		for (const pattern of patterns) {
			const path = concrete(pattern)
			const page = await ida.get(path, { headers: { accept: 'text/html' } })
			expect(page.status, path).toBe(302)
			expect(page.headers.get('location'), path).toMatch(/^\/(?:admin|work)\/login/)
			// A call is refused before anything is read (405 where the address takes no POST at all).
			const call = await ida.call('POST', path, {})
			expect([401, 405], path).toContain(call.status)
			// Spelled another way, it is sent to this spelling first.
			for (const spelled of spellingsOf(pattern)) {
				const answer = await sendAsWritten(server.url, 'POST', spelled, { cookie: ida.cookie }, '')
				expect(answer, spelled).toEqual({ status: 308, location: path })
			}
		}
	})

	test('an account page’s live streams are its session’s: no other socket hears them, and signing out stops them at once', async () => {
		const { client } = await signIn('ida@example.dk')
		const html = await (await client.get('/konto', { headers: { accept: 'text/html' } })).text()
		// The account's own stream and its orders' (in the page's data): base64url of ["…", …] and a signature.
		const names = [...new Set([...html.matchAll(/WyJ[\w-]+--[\w-]{43}/g)].map((match) => match[0]))]
		expect(names.length).toBeGreaterThan(1)
		const answers = async (cookie: string | undefined) => {
			const cable = await openCable(server.url, cookie ? { cookie } : {})
			await cable.next((message) => message.type === 'welcome')
			const types: string[] = []
			for (const name of names) {
				const identifier = identifierFor(name)
				cable.send({ command: 'subscribe', identifier })
				types.push(
					(
						await cable.next(
							(message) => message.identifier === identifier && /_subscription$/.test(message.type ?? ''),
						)
					).type!,
				)
			}
			return { cable, types }
		}
		const own = await answers(client.cookie)
		expect(own.types).toEqual(names.map(() => 'confirm_subscription'))
		// A socket without the cookie, or with another customer's, holds the names but hears nothing.
		const bare = await answers(undefined)
		expect(bare.types).toEqual(names.map(() => 'reject_subscription'))
		const other = await signIn('other@example.dk')
		expect((await answers(other.client.cookie)).types).toEqual(names.map(() => 'reject_subscription'))

		expect((await client.post('/account/sign-out', { locale: 'da' })).status).toBe(302)
		const told = await own.cable.next((message) => message.type === 'disconnect', 5_000)
		expect(told).toMatchObject({ reason: 'unauthorized', reconnect: true })
		expect((await own.cable.closed).code).toBe(1000)
		expect((await answers(client.cookie)).types).toEqual(names.map(() => 'reject_subscription'))
		bare.cable.socket.close()
	})

	test('a signed-in customer’s pages never reach the shared page cache', async () => {
		for (let n = 0; n < 2; n++) {
			const home = await ida.get('/')
			expect(await home.text()).not.toContain('ida@example.dk')
		}
		const anonymousHome = await (await fetch(`${server.url}/`)).text()
		expect(anonymousHome).not.toContain('ida@example.dk')
		const account = await fetch(`${server.url}/konto`, { redirect: 'manual', headers: { accept: 'text/html' } })
		expect(account.status).toBe(302)
	})

	test('a refused detail keeps what was typed, in the page’s language', async () => {
		const response = await ida.post('/en/account/details', {
			intent: 'details',
			name: '',
			phone: '12 34 56 78',
			company_cvr: '',
			company_query: '',
			ean: '123',
			buyer_reference: 'Dept. 7',
		})
		expect(response.status).toBe(422)
		const text = textOf(await response.text())
		expect(text).toContain('The details were not saved')
		const html = await (
			await ida.post('/en/account/details', {
				intent: 'details',
				name: '',
				phone: '12 34 56 78',
				ean: '',
				company_cvr: '',
				company_query: '',
				buyer_reference: 'Dept. 7',
			})
		).text()
		expect(html).toContain('value="Dept. 7"')
		expect(html).toContain('value="12 34 56 78"')
	})
})

// The thread's form as a browser sends it: multipart, the token first, the words, the files.
function messageForm(client: StaffClient, body: string, files: { name: string; content: string }[] = []) {
	const form = new FormData()
	form.append('authenticity_token', client.csrfToken)
	form.append('body', body)
	for (const file of files) form.append('files', new Blob([file.content]), file.name)
	return form
}

// Found from outside: a colleague above the limit opened the saved quote in a private window and
// ordered it as the company. The company's rule holds whatever cookie the request carries.
describe("a company's approval over HTTP, signed out", () => {
	test('the order waits for the manager, with the colleague’s e-mail or anyone’s, posted once or again', async () => {
		const page = `/tilbud/${largeQuoteId}/bestil`
		const mailsBefore = (await mailsTo(RULED.manager)).length
		for (const [round, email] of ['anna@lys.dk', 'anyone@elsewhere.dk'].entries()) {
			const visitor = await visit(server.url, page)
			const client = clientFor(server.url, visitor.cookie, visitor.csrfToken)
			const fields = acceptFields({ email, name: email, customer_kind: 'company', company_cvr: String(RULED.cvr) })
			const posted = await client.post(page, fields)
			expect(posted.status, email).toBe(302)
			expect(posted.headers.get('location')).toBe(page)
			const shown = textOf(await (await client.get(page)).text())
			expect(shown).toContain('Bestillingen venter på godkendelse')
			expect(shown).not.toContain('Dette tilbud er bestilt')
			if (round === 0) await waitForMailTo(database.dataDir, RULED.manager, mailsBefore)
		}
		// One approval, one mail to the manager: re-posting asks nobody twice.
		expect((await mailsTo(RULED.manager)).length).toBe(mailsBefore + 1)
		expect(await mailsTo('anna@lys.dk')).toEqual([])
	})
})
