import { randomBytes, randomUUID } from 'node:crypto'
import { beforeAll } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents, orderFiles, orders, quotes, users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { addCalendarDays, type CalendarDate } from '#app/models/calendar/working-days.ts'
import type { AppServices } from '#app/models/services.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { ACCEPT_FIELDS, type AcceptField } from '#app/models/order/form.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { saveQuote } from '#app/models/quote/quote.server.ts'
import type { MailMessage } from '#server/mailer.ts'
import { openTestDatabase, setupTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { testServices } from '#tests/setup/services.ts'
import { REQUEST_FIELDS, type RequestField } from '#app/models/request/form.ts'

// The form a customer fills in to accept a quote, as a private person unless told otherwise.
// A staff member for the models' calls that say who did what (never signs in).
export async function insertStaff(db: Database, email = 'seed@tolk.test', name = 'Seed') {
	const [user] = await db
		.insert(users)
		.values({ email, name, passwordHash: 'not used here' })
		.returning({ id: users.id, name: users.name })
	return user!
}

export const acceptFields = (values: Partial<Record<AcceptField, string>> = {}) =>
	({
		...Object.fromEntries(ACCEPT_FIELDS.map((field) => [field, ''])),
		name: 'Ida Holm',
		email: 'ida@example.dk',
		customer_kind: 'private',
		terms: 'on',
		...values,
	}) as Record<AcceptField, string>

// The request form as a customer sends it, with consent given, unless told otherwise.
export const requestFields = (values: Partial<Record<RequestField, string>> = {}) =>
	({
		...Object.fromEntries(REQUEST_FIELDS.map((field) => [field, ''])),
		name: 'Ida Holm',
		email: 'ida@example.dk',
		consent: 'on',
		...values,
	}) as Record<RequestField, string>

// A counted document of a new visitor's order in progress (no file on disk: only its row); more
// documents join the same order when given its draft.
export async function countedDocument(
	db: Database,
	words: number,
	{ draftId = randomUUID(), repeated = 0 }: { draftId?: string; repeated?: number } = {},
) {
	const id = randomUUID()
	await db.insert(documents).values({
		id,
		draftId,
		name: 'kontrakt.docx',
		extension: 'docx',
		size: 1000,
		storedName: `${id}.docx`,
		status: 'counted',
		words,
		repeatedWords: repeated,
	})
	return { draftId, documentId: id }
}

// A saved quote for one counted document, Danish to English, at the normal pace, one certified copy.
export async function savedQuote(db: Database, words = 2000) {
	const { draftId, documentId: id } = await countedDocument(db, words)
	return {
		quoteId: await saveQuote(
			db,
			draftId,
			{ from_language: 'da', to_language: 'en', delivery_date: '', copies: 1 },
			'da',
		),
		documentId: id,
	}
}

type Services = Parameters<typeof acceptQuote>[0] & Pick<AppServices, 'db'>

// An accepted order in progress with a translated file: ready to be delivered.
export async function deliverableOrder(services: Services, staff: { id: number; name: string }, words = 2000) {
	const { quoteId } = await savedQuote(services.db, words)
	const accepted = await acceptQuote(services, quoteId, acceptFields(), 'da')
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	return inProgressWithFile(services, staff, accepted.token)
}

// The accepted order with this token, in progress with a translated file: ready to be delivered.
export async function inProgressWithFile(services: Services, staff: { id: number; name: string }, token: string) {
	const [order] = await services.db.select().from(orders).where(eq(orders.token, token))
	await services.db
		.insert(orderFiles)
		.values({ orderId: order!.id, name: 'contract.docx', type: 'docx', size: 10, storedName: `${randomUUID()}.docx` })
	await changeOrderStatus(services, staff, order!.id, 'in_progress')
	return order!
}

// Copies of one real order (each with its own copy of the quote, as every order has), three due
// each day from its due date on, numbered in `prefix`: a long order list without accepting each one.
export async function copiesOfOrder(db: Database, orderId: number, count: number, prefix: string) {
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	const [quote] = await db.select().from(quotes).where(eq(quotes.id, order!.quoteId))
	const { id: _orderId, ...orderRow } = order!
	for (let start = 0; start < count; start += 500) {
		const batch = Array.from({ length: Math.min(500, count - start) }, (_, offset) => start + offset)
		const quoteIds = batch.map(() => randomBytes(24).toString('base64url'))
		await db.insert(quotes).values(batch.map((_, at) => ({ ...quote!, id: quoteIds[at]! })))
		await db.insert(orders).values(
			batch.map((index, at) => ({
				...orderRow,
				reference: `${prefix}-${String(index).padStart(5, '0')}`,
				token: randomBytes(24).toString('base64url'),
				quoteId: quoteIds[at]!,
				dueDate: addCalendarDays(order!.dueDate as CalendarDate, Math.floor(index / 3)),
			})),
		)
	}
}

// A database (not yet opened by a server) holding the demo content and `count` open orders
// numbered `${prefix}-00000` on, for an admin list of real length behind real HTTP.
// Also one saved quote not yet accepted, whose id is returned.
export async function seedOrderList(
	test: TestDatabase,
	count: number,
	prefix = 'LIST',
): Promise<{ openQuoteId: string }> {
	const handle = await openTestDatabase(test)
	try {
		await seedDatabase(handle.db, { companies: 0 })
		const user = await insertStaff(handle.db)
		const base = await deliverableOrder(testServices({ db: handle.db }), user)
		await copiesOfOrder(handle.db, base.id, count, prefix)
		return { openQuoteId: (await savedQuote(handle.db)).quoteId }
	} finally {
		await handle.close()
	}
}

// A file's database for the order models: demo content, one staff member, and the mail sent kept.
export function setupOrderTests() {
	const testDatabase = setupTestDatabase()
	const db = () => testDatabase.handle.db
	const mails: MailMessage[] = []
	const services = () => testServices({ db: db(), sendMail: (mail) => void mails.push(mail) })
	const staff = { id: 0, name: 'Sara Staff' }
	beforeAll(async () => {
		await seedDatabase(db(), { companies: 0 })
		staff.id = (await insertStaff(db(), 'sara@tolk.test', staff.name)).id
	})
	return { db, mails, services, staff }
}
