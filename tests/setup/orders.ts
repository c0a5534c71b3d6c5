import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents, orderFiles, orders } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { ACCEPT_FIELDS, type AcceptField } from '#app/models/order/form.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { saveQuote } from '#app/models/quote/quote.server.ts'

// The form a customer fills in to accept a quote, as a private person unless told otherwise.
export const acceptFields = (values: Partial<Record<AcceptField, string>> = {}) =>
	({ ...Object.fromEntries(ACCEPT_FIELDS.map((field) => [field, ''])), name: 'Ida Holm', email: 'ida@example.dk', customer_kind: 'private', terms: 'on', ...values }) as Record<AcceptField, string>

// A saved quote for one counted document, Danish to English, at the normal pace, one certified copy.
export async function savedQuote(db: Database, words = 2000) {
	const draftId = randomUUID()
	const id = randomUUID()
	await db.insert(documents).values({ id, draftId, name: 'kontrakt.docx', extension: 'docx', size: 1000, storedName: `${id}.docx`, status: 'counted', words })
	return { quoteId: await saveQuote(db, draftId, { from_language: 'da', to_language: 'en', delivery_date: '', copies: 1 }, 'da'), documentId: id }
}

type Services = Parameters<typeof acceptQuote>[0] & Pick<AppServices, 'db'>

// An accepted order in progress with a translated file: ready to be delivered.
export async function deliverableOrder(services: Services, staff: { id: number; name: string }, words = 2000) {
	const { quoteId } = await savedQuote(services.db, words)
	const accepted = await acceptQuote(services, quoteId, acceptFields(), 'da')
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	const [order] = await services.db.select().from(orders).where(eq(orders.token, accepted.token))
	await services.db.insert(orderFiles).values({ orderId: order!.id, name: 'contract.docx', type: 'docx', size: 10, storedName: `${randomUUID()}.docx` })
	await changeOrderStatus(services, staff, order!.id, 'in_progress')
	return order!
}
