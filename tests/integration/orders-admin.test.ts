import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn, type StaffClient } from '#tests/setup/admin.ts'
import { createTestDatabase } from '#tests/setup/database.ts'
import { textOf, visit } from '#tests/setup/http.ts'
import { seedOrderList } from '#tests/setup/orders.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

// The order list as staff reach it over HTTP when there are more orders than one page holds.
const ORDERS = 620
let server: RunningServer
let staff: StaffClient
let openQuoteId: string
beforeAll(async () => {
	const database = await createTestDatabase()
	;({ openQuoteId } = await seedOrderList(database, ORDERS))
	server = await startServer(ADMIN_ENV, { database })
	staff = await logIn(server.url)
}, 120_000)
afterAll(async () => {
	await server?.stop()
	await server?.database.drop()
})

describe('a long order list', () => {
	test('pages by due date, keeping the filter in the page links', async () => {
		const first = await (await staff.get('/admin/orders?q=LIST-')).text()
		expect(textOf(first)).toContain('Viser 1–100 af 620')
		expect(first).toContain('LIST-00000')
		expect(first).not.toContain('LIST-00100')
		expect(first).toContain('href="/admin/orders?status=open&amp;q=LIST-&amp;page=2"')
		const last = await (await staff.get('/admin/orders?q=LIST-&page=7')).text()
		expect(textOf(last)).toContain('Viser 601–620 af 620')
		expect(last).toContain('LIST-00619')
		expect(last).not.toContain('page=8')
	})

	test('the CSV export streams every matching order, not one page', async () => {
		const response = await staff.get('/admin/orders/export?q=LIST-&page=3')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		const bytes = new Uint8Array(await response.arrayBuffer())
		// A byte order mark first, so a Danish spreadsheet reads the letters right.
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const csv = new TextDecoder().decode(bytes)
		// In the admin's language: the headers and the statuses in words.
		expect(csv.startsWith('Reference;Status;Leveres;Arbejdsdage tilbage;')).toBe(true)
		const rows = csv.trimEnd().split('\r\n').slice(1)
		expect(rows).toHaveLength(ORDERS)
		expect(new Set(rows.map((row) => row.split(';')[0])).size).toBe(ORDERS)
		expect(rows[0]!.split(';')[1]).toBe('I gang')
		// For another system: the same rows with the stable English headers and codes.
		const machines = await (await staff.get('/admin/orders/export?q=LIST-&for=machines')).text()
		expect(machines.startsWith('reference;status;due_date;')).toBe(true)
		expect(
			machines
				.trimEnd()
				.split('\r\n')
				.slice(1)
				.map((row) => row.split(';')[0]),
		).toEqual(rows.map((row) => row.split(';')[0]))
		expect(machines.split('\r\n')[1]!.split(';')[1]).toBe('in_progress')
	})
})

describe("a quote's link, forwarded", () => {
	test('tells that the quote was ordered, never opens the order: its page, the customer and the files stay behind the order link', async () => {
		const customer = await visit(server.url, `/en/quote/${openQuoteId}/order`)
		const accept = () =>
			customer.get(`/en/quote/${openQuoteId}/order`, {
				method: 'POST',
				body: new URLSearchParams({
					authenticity_token: customer.csrfToken,
					name: 'Ida Holm',
					email: 'ida.holm@example.dk',
					phone: '',
					customer_kind: 'private',
					terms: 'on',
				}),
			})
		const accepted = await accept()
		expect(accepted.status).toBe(302)
		const orderPath = accepted.headers.get('location')!
		expect(orderPath).toMatch(/^\/en\/orders\/[\w-]{20,}$/)

		const forwarded = await visit(server.url, `/en/quote/${openQuoteId}/order`)
		expect(textOf(forwarded.html)).toMatch(/This quote has been ordered \(order [\w-]+\)/)
		expect(forwarded.html).not.toContain(orderPath)
		expect(forwarded.html).not.toContain('ida.holm@example.dk')
		expect(forwarded.html).not.toContain('data-controller="accept-order"')
		// Sending the form again opens nothing either.
		const again = await forwarded.get(`/en/quote/${openQuoteId}/order`, {
			method: 'POST',
			body: new URLSearchParams({
				authenticity_token: forwarded.csrfToken,
				name: 'Someone',
				email: 'someone@example.dk',
				phone: '',
				customer_kind: 'private',
				terms: 'on',
			}),
		})
		expect(again.headers.get('location')).toBe(`/en/quote/${openQuoteId}/order`)
	})
})
