import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { requestEvents, requests } from '#database/schema.ts'
import { replyToRequest, ReplySchema } from '#app/models/request/reply.server.ts'
import { savedQuote, setupOrderTests } from '#tests/setup/orders.ts'

// Staff answer a request by mail from its page.
const { db, mails, services, staff } = setupOrderTests()

async function newRequest(quoteId: string | null, locale = 'en') {
	const [row] = await db()
		.insert(requests)
		.values({
			reference: `REPLY-${Math.random().toString(36).slice(2, 8)}`,
			locale,
			name: 'Ida Holm',
			email: 'ida@example.dk',
			quoteId,
			ipHash: 'x',
			fingerprint: Math.random().toString(36),
		})
		.returning()
	return row!
}

describe('answering a request by mail', () => {
	test("goes to the customer in their language with the quote's link; kept in the history; the request is then quoted", async () => {
		const { quoteId } = await savedQuote(db())
		const request = await newRequest(quoteId)
		mails.length = 0
		await replyToRequest(
			services(),
			staff,
			request.id,
			ReplySchema.parse({ body: 'We can deliver by Friday.', withQuote: 'on' }),
		)
		expect(mails).toHaveLength(1)
		expect(mails[0]).toMatchObject({ to: 'ida@example.dk', subject: `Your request ${request.reference}` })
		expect(mails[0]!.text).toContain('Dear Ida Holm,\n\nWe can deliver by Friday.')
		expect(mails[0]!.text).toContain(`Your quote: http://localhost/en/quote/${quoteId}`)
		const events = await db().select().from(requestEvents).where(eq(requestEvents.requestId, request.id))
		expect(events.map((event) => event.kind)).toEqual(['reply', 'status'])
		expect(events[0]).toMatchObject({ userName: staff.name })
		const [row] = await db().select().from(requests).where(eq(requests.id, request.id))
		expect(row!.status).toBe('quoted')
	})

	test('without the quote it is an answer only, in Danish for a Danish request; the status stays', async () => {
		const request = await newRequest(null, 'da')
		mails.length = 0
		await replyToRequest(services(), staff, request.id, ReplySchema.parse({ body: 'Tak, vi ringer i morgen.' }))
		expect(mails[0]!.subject).toBe(`Din forespørgsel ${request.reference}`)
		expect(mails[0]!.text).not.toContain('tilbud:')
		const [row] = await db().select().from(requests).where(eq(requests.id, request.id))
		expect(row!.status).toBe('new')
		expect(ReplySchema.safeParse({ body: '   ' }).success).toBe(false)
	})
})
