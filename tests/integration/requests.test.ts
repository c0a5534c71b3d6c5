import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_ENV, anonymous, logIn, type StaffClient } from '#tests/setup/admin.ts'
import { textOf, visit, type Visitor } from '#tests/setup/http.ts'
import { setupServerTests } from '#tests/setup/server.ts'
import { setupSmtpPeer, waitForMail } from '#tests/setup/smtp.ts'

const smtp = setupSmtpPeer()
// TRUST_PROXY lets each test come from its own address (X-Forwarded-For), so the per-address
// limit is tested on purpose and not hit by accident.
const server = setupServerTests(() => ({ ...ADMIN_ENV, ...smtp.env, TRUST_PROXY: 'true' }))
let staff: StaffClient
type Business = { id: string; name: string; vat_number: string; street: string; city: string; active: boolean }
let company: Business

beforeAll(async () => {
	staff = await logIn(server.url)
	const { businesses } = (await (await fetch(`${server.url}/businesses?query=holding`)).json()) as {
		businesses: Business[]
	}
	company = businesses.find((business) => business.active)!
})

let address = 10
async function visitor(path: string): Promise<Visitor & { from: string }> {
	const from = `198.51.100.${address++}`
	const page = await visit(server.url, path)
	return { ...page, from }
}

function send(who: Visitor & { from: string }, path: string, fields: Record<string, string>) {
	return who.get(path, {
		method: 'POST',
		body: new URLSearchParams({ authenticity_token: who.csrfToken, ...fields }),
		headers: { 'x-forwarded-for': who.from },
	})
}

const VALID = {
	name: 'Karen Blixen',
	email: 'karen@rungstedlund.dk',
	phone: '+45 33 12 34 56',
	message: 'Please translate our annual report.',
	consent: 'on',
}

describe('GET /businesses', () => {
	test('answers {businesses: [{id, name, vat_number, street, city}]} for three characters or more', async () => {
		const response = await fetch(`${server.url}/businesses?query=${encodeURIComponent(company.name.slice(0, 5))}`)
		expect(response.status).toBe(200)
		const { businesses } = (await response.json()) as { businesses: Business[] }
		expect(businesses.length).toBeGreaterThan(0)
		expect(businesses.length).toBeLessThanOrEqual(10)
		for (const business of businesses) {
			expect(Object.keys(business).sort()).toEqual(['active', 'city', 'id', 'name', 'street', 'vat_number'])
			expect(business.vat_number).toMatch(/^[1-9]\d{7}$/)
		}
	})

	test('answers an empty list below three characters', async () => {
		expect(await (await fetch(`${server.url}/businesses?query=ho`)).json()).toEqual({ businesses: [] })
		expect(await (await fetch(`${server.url}/businesses`)).json()).toEqual({ businesses: [] })
	})

	test('finds a company by its CVR number', async () => {
		const { businesses } = (await (await fetch(`${server.url}/businesses?query=DK${company.vat_number}`)).json()) as {
			businesses: Business[]
		}
		expect(businesses).toEqual([company])
	})
})

describe('sending a request without script', () => {
	test('an invalid request answers 422 with the reasons in the page language and every value kept', async () => {
		const who = await visitor('/en/contact')
		const response = await send(who, '/en/contact', {
			...VALID,
			email: 'karen-at-rungstedlund',
			ean: '5798000000002',
			represents_company: 'on',
			company_query: '',
		})
		expect(response.status).toBe(422)
		const html = await response.text()
		const text = textOf(html)
		expect(text).toContain('The request was not sent. Please correct the fields marked below.')
		expect(text).toContain('Enter a valid email address, such as name@company.dk.')
		expect(text).toContain('An EAN number has 13 digits')
		expect(text).toContain('Choose your company from the list, or type its 8-digit CVR number.')
		expect(html).toContain('value="karen-at-rungstedlund"')
		expect(html).toContain('value="Karen Blixen"')
		expect(html).toContain('Please translate our annual report.</textarea>')

		const danish = await visitor('/kontakt')
		const refused = await send(danish, '/kontakt', { name: '', email: 'karen@rungstedlund.dk' })
		expect(refused.status).toBe(422)
		const danishText = textOf(await refused.text())
		expect(danishText).toContain('Udfyld venligst feltet.')
		expect(danishText).toContain('Vi har brug for dit samtykke til at gemme dine oplysninger.')

		// A delivery date that is no day at all is refused as such, on the contact page as on the order page.
		for (const delivery_date of ['soon', '2031-02-30']) {
			const dated = await send(await visitor('/en/contact'), '/en/contact', { ...VALID, delivery_date })
			expect(dated.status, delivery_date).toBe(422)
			expect(textOf(await dated.text())).toContain('Choose a date in the calendar.')
		}
	})

	test('a valid request is stored, answered with a reference, and mailed to the agency and the customer', async () => {
		const before = smtp.messages.length
		const who = await visitor('/en/contact')
		const response = await send(who, '/en/contact', {
			...VALID,
			represents_company: 'on',
			company_cvr: company.vat_number,
			ean: '5798000000001',
			from_language: 'da',
			to_language: 'en',
			copies: '2',
		})
		expect(response.status).toBe(200)
		const text = textOf(await response.text())
		const reference = text.match(/Your reference is ([0-9A-Z]{4}-[0-9A-Z]{4})/)?.[1]
		expect(reference).toBeDefined()

		const mails = (await waitForMail(smtp, before + 2)).slice(before)
		const toAgency = mails.find((mail) => mail.to.includes('kontakt@tolk.example'))!
		const toCustomer = mails.find((mail) => mail.to.includes('karen@rungstedlund.dk'))!
		expect(toAgency.subject).toBe(`Ny forespørgsel ${reference} fra Karen Blixen`)
		expect(toAgency.text).toContain(`${company.name} (CVR ${company.vat_number})`)
		expect(toAgency.text).toContain('EAN: 5798000000001')
		expect(toAgency.text).toContain('Sprog: Dansk → Engelsk')
		expect(toCustomer.subject).toBe(`We have received your request (${reference})`)
		expect(toCustomer.text).toContain('Dear Karen Blixen,')
		expect(toCustomer.text).toContain('Languages: Danish → English')

		const inbox = await staff.get('/admin/requests', { headers: { accept: 'text/html' } })
		expect(textOf(await inbox.text())).toContain(reference!)
	})

	test('the same request sent twice within a minute is stored once', async () => {
		const who = await visitor('/en/contact')
		const fields = { ...VALID, message: 'Sent twice by a double click.' }
		const first = textOf(await (await send(who, '/en/contact', fields)).text()).match(/reference is (\S+)\./)?.[1]
		const second = textOf(await (await send(who, '/en/contact', fields)).text()).match(/reference is (\S+)\./)?.[1]
		expect(first).toBeDefined()
		await waitForMail(smtp, 4)
		expect(second).toBe(first)
		const list = await (await staff.get('/admin/requests/export?q=double+click')).text()
		expect(list.trim().split('\r\n')).toHaveLength(2)
	})

	test('a filled-in honeypot is thanked and nothing is stored or sent', async () => {
		const who = await visitor('/en/contact')
		const response = await send(who, '/en/contact', {
			...VALID,
			message: 'Cheap watches',
			website: 'http://spam.example',
		})
		expect(response.status).toBe(200)
		expect(textOf(await response.text())).toContain('Thank you – we have your request')
		const list = await (await staff.get('/admin/requests/export?q=cheap+watches')).text()
		expect(list.trim().split('\r\n')).toHaveLength(1)
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(smtp.messages.filter((mail) => mail.text.includes('Cheap watches'))).toEqual([])
	})

	test('one address may send five requests in ten minutes; the sixth is refused with 429', async () => {
		const who = await visitor('/en/contact')
		for (let index = 1; index <= 5; index++)
			expect((await send(who, '/en/contact', { ...VALID, message: `Request number ${index}` })).status).toBe(200)
		const refused = await send(who, '/en/contact', { ...VALID, message: 'Request number 6' })
		expect(refused.status).toBe(429)
		expect(textOf(await refused.text())).toContain(
			'We have received several requests from your connection in a short time.',
		)
	})
})

describe('a request from the order page', () => {
	test('takes the uploaded documents and the quote along, and starts a new order afterwards', async () => {
		const who = await visitor('/en/order')
		const form = new FormData()
		form.append('file', new Blob(['Kontrakten er underskrevet af begge parter i dag.']), 'kontrakt.txt')
		const upload = await who.get('/en/order/documents', {
			method: 'POST',
			body: form,
			headers: { 'x-csrf-token': who.csrfToken, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
		})
		expect(upload.status).toBe(201)
		// As the customer would, wait for the word count before sending, so the quote has a price.
		const { document } = (await upload.json()) as { document: { url: string } }
		await expect
			.poll(
				async () =>
					((await (await fetch(server.url + document.url)).json()) as { document: { status: string } }).document.status,
				{ timeout: 10_000 },
			)
			.toBe('counted')
		const cookie = [who.cookie, ...upload.headers.getSetCookie().map((header) => header.split(';')[0])].join('; ')
		const response = await fetch(`${server.url}/en/order`, {
			method: 'POST',
			redirect: 'manual',
			body: new URLSearchParams({
				authenticity_token: who.csrfToken,
				...VALID,
				message: '',
				from_language: 'da',
				to_language: 'en',
			}),
			headers: { cookie, 'x-forwarded-for': who.from },
		})
		expect(response.status).toBe(200)
		expect(response.headers.getSetCookie().some((header) => /^tolk_order=;/.test(header))).toBe(true)
		const reference = textOf(await response.text()).match(/reference is (\S+)\./)?.[1]

		const csv = await (await staff.get(`/admin/requests/export?for=machines&q=${reference}`)).text()
		const danish = await (await staff.get(`/admin/requests/export?q=${reference}`)).text()
		expect(danish.replace(/^\uFEFF/, '').startsWith('Reference;Modtaget;Status;Sprog;Navn;')).toBe(true)
		const [header, row] = csv
			.replace(/^\uFEFF/, '')
			.trim()
			.split('\r\n')
		const cells = Object.fromEntries(header!.split(';').map((name, index) => [name, row!.split(';')[index]]))
		expect(cells).toMatchObject({ reference, documents: '1', from_language: 'da', to_language: 'en' })
		expect(Number(cells.quote_total)).toBeGreaterThan(0)

		const list = await (await staff.get(`/admin/requests?q=${reference}`, { headers: { accept: 'text/html' } })).text()
		const id = list.match(/href="\/admin\/requests\/(\d+)"/)?.[1]
		const detail = await (await staff.get(`/admin/requests/${id}`, { headers: { accept: 'text/html' } })).text()
		const download = detail.match(/href="(\/admin\/requests\/\d+\/documents\/[0-9a-f-]+)"/)?.[1]
		const file = await staff.get(download!)
		expect(file.status).toBe(200)
		expect(file.headers.get('content-disposition')).toContain('attachment; filename="kontrakt.txt"')
		expect(await file.text()).toBe('Kontrakten er underskrevet af begge parter i dag.')
		const stranger = await anonymous(server.url)
		expect((await stranger.get(download!)).status).toBe(401)
		expect((await stranger.get(download!, { headers: { accept: 'text/html' } })).status).toBe(302)
	})
})

describe('the staff inbox', () => {
	test('refuses anonymous visitors, pages and calls alike', async () => {
		const stranger = await anonymous(server.url)
		expect(
			(await stranger.get('/admin/requests', { headers: { accept: 'text/html' } })).headers.get('location'),
		).toMatch(/^\/admin\/login/)
		expect((await stranger.get('/admin/requests/export')).status).toBe(401)
		expect((await stranger.post('/admin/requests/1/status', { status: 'won' })).status).toBe(401)
		expect((await stranger.post('/admin/requests/1/notes', { body: 'hi' })).status).toBe(401)
	})

	test('changes a status and keeps notes, as history', async () => {
		const list = await (await staff.get('/admin/requests?q=annual+report', { headers: { accept: 'text/html' } })).text()
		const id = list.match(/href="\/admin\/requests\/(\d+)"/)?.[1]
		expect(id).toBeDefined()
		const status = await staff.post(`/admin/requests/${id}/status`, { status: 'quoted' })
		expect(status.status).toBe(302)
		expect((await staff.post(`/admin/requests/${id}/notes`, { body: 'Called back, sending a quote.' })).status).toBe(
			302,
		)
		expect((await staff.post(`/admin/requests/${id}/status`, { status: 'shipped' })).status).toBe(302)
		const detail = textOf(await (await staff.get(`/admin/requests/${id}`, { headers: { accept: 'text/html' } })).text())
		expect(detail).toContain('admin ændrede status fra Ny til Tilbud sendt')
		expect(detail).toContain('Called back, sending a quote.')

		const quoted = await (await staff.get('/admin/requests/export?status=quoted&for=machines')).text()
		expect(quoted).toContain(';quoted;')
		expect(quoted).not.toContain(';new;')
	})

	test('exports CSV for a spreadsheet, with formulas defused', async () => {
		const who = await visitor('/en/contact')
		expect(
			(await send(who, '/en/contact', { ...VALID, name: '=HYPERLINK("http://evil.example")', message: 'Formula test' }))
				.status,
		).toBe(200)
		const response = await staff.get('/admin/requests/export?q=formula+test&for=machines')
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('content-disposition')).toMatch(
			/^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/,
		)
		const bytes = Buffer.from(await response.arrayBuffer())
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // the byte-order mark Excel looks for
		const csv = bytes.toString('utf8')
		expect(csv.startsWith('\uFEFFreference;created_at;status;')).toBe(true)
		expect(csv).toContain(`;"'=HYPERLINK(""http://evil.example"")";`)
	})
})
