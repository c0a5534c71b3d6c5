import path from 'node:path'
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#database/client.ts'
import {
	customerCompanies,
	customers,
	customerLinks,
	customerSessions,
	documents,
	invoices,
	orderEvents,
	orderFiles,
	orderApprovals,
	orderMessages,
	orderRatings,
	orders,
	quotes,
	requests,
	type MessageAttachment,
	type OrderCustomer,
} from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { sideFilesOf } from '#app/models/documents/analysis.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { messagesDirOf } from '#app/models/order/thread.server.ts'
import { OPEN_ORDER_STATUSES } from '#app/models/order/status.ts'
import { daysBefore } from '#app/models/calendar/working-days.ts'
import type { Customer } from '#app/models/customer/session.server.ts'
import { companyOf } from '#app/models/customer/company.server.ts'
import { removeKept } from '#app/models/files/store.server.ts'
import { withdrawLive } from '#app/models/live/broadcast.server.ts'
import {
	ERASED_NAME,
	erasure,
	exported,
	ORDER_CUSTOMER_PERSONAL,
	PERSONAL_EVENT_KINDS,
} from '#app/models/customer/personal-data.server.ts'
import { auditText } from '#app/models/audit/text.ts'

// Bookkeeping law keeps an invoice whole for five years; then its buyer's person goes too.
export const INVOICE_KEEP_YEARS = 5
export { ERASED_NAME }

const ownOrders = (email: string) => sql`lower(${orders.customer}->>'email') = ${email}`
const ownRequests = (email: string) => sql`lower(${requests.email}) = ${email}`

// "Download my data": everything the site holds about the person (their own records, not their
// colleagues'), and the list of their files.
export async function exportCustomerData(db: Database, customer: Customer) {
	const [account] = await db.select().from(customers).where(eq(customers.id, customer.id))
	const [sessions, requestRows, orderRows] = await Promise.all([
		db
			.select({
				createdAt: customerSessions.createdAt,
				lastSeenAt: customerSessions.lastSeenAt,
				expiresAt: customerSessions.expiresAt,
			})
			.from(customerSessions)
			.where(eq(customerSessions.customerId, customer.id)),
		db.select().from(requests).where(ownRequests(customer.email)).orderBy(asc(requests.id)),
		db.select().from(orders).where(ownOrders(customer.email)).orderBy(asc(orders.id)),
	])
	const orderIds = orderRows.map((order) => order.id)
	const requestIds = requestRows.map((request) => request.id)
	const [invoiceRows, documentRows, fileRows, quoteRows, eventRows, ratingRows, messageRows] = await Promise.all([
		orderIds.length
			? db.select().from(invoices).where(inArray(invoices.orderId, orderIds)).orderBy(asc(invoices.id))
			: [],
		orderIds.length || requestIds.length
			? db
					.select({
						name: documents.name,
						size: documents.size,
						words: documents.words,
						createdAt: documents.createdAt,
					})
					.from(documents)
					.where(
						or(
							inArray(documents.orderId, orderIds.length ? orderIds : [-1]),
							inArray(documents.requestId, requestIds.length ? requestIds : [-1]),
						),
					)
			: [],
		orderIds.length
			? db
					.select({
						name: orderFiles.name,
						size: orderFiles.size,
						deletedAt: orderFiles.deletedAt,
						createdAt: orderFiles.createdAt,
					})
					.from(orderFiles)
					.where(inArray(orderFiles.orderId, orderIds))
			: [],
		db
			.select({ id: quotes.id, createdAt: quotes.createdAt, validUntil: quotes.validUntil, locale: quotes.locale })
			.from(quotes)
			.where(eq(quotes.customerId, customer.id)),
		orderIds.length
			? db
					.select()
					.from(orderEvents)
					.where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.internal, false)))
					.orderBy(asc(orderEvents.id))
			: [],
		orderIds.length ? db.select().from(orderRatings).where(inArray(orderRatings.orderId, orderIds)) : [],
		db.select().from(orderMessages).where(messagesOf(orderIds, customer.email)).orderBy(asc(orderMessages.id)),
	])
	return {
		exportedAt: new Date().toISOString(),
		account: {
			email: account!.email,
			details: account!.details,
			company: await companyOf(db, customer.companyId),
			managesCompany: account!.managesCompany,
			createdAt: account!.createdAt,
		},
		sessions,
		requests: requestRows.map((request) => exported('requests', request)),
		quotesSaved: quoteRows,
		orders: orderRows.map(({ terms, ...order }) => ({
			...exported('orders', order),
			terms: { title: terms.title, sha256: terms.sha256 },
		})),
		// The orders' history as the customer's page shows it: their revision reasons among it.
		orderHistory: eventRows.map((event) => exported('orderEvents', event)),
		ratings: ratingRows.map((rating) => exported('orderRatings', rating)),
		messages: messageRows.map((message) => exported('orderMessages', message)),
		approvalsAsked: await db
			.select({
				quoteId: orderApprovals.quoteId,
				status: orderApprovals.status,
				fields: orderApprovals.fields,
				total: orderApprovals.total,
				note: orderApprovals.note,
				createdAt: orderApprovals.createdAt,
			})
			.from(orderApprovals)
			.where(eq(orderApprovals.requesterId, customer.id)),
		invoices: invoiceRows.map(({ seller: _s, searchText: _x, ...invoice }) => invoice),
		files: {
			documents: documentRows,
			deliveries: fileRows,
		},
	}
}

// The orders that must end first: a document being translated is not taken from the translator.
export async function openOrdersOf(db: Database, email: string) {
	return db
		.select({ reference: orders.reference })
		.from(orders)
		.where(and(ownOrders(email), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
}

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'documentsDir' | 'files'>

// "Delete my account": the person's name, e-mail, phone, messages and files go from every request,
// order and quote; the invoices stay whole (bookkeeping law) until five years after their date,
// when anonymiseOldInvoices takes the person from them too. In the audit log without who it was.
export async function deleteCustomerAccount(
	services: Services,
	customer: Customer,
): Promise<'deleted' | 'open-orders'> {
	const { db } = services
	if ((await openOrdersOf(db, customer.email)).length) return 'open-orders'
	const orderRows = await db
		.select({ id: orders.id, customer: orders.customer })
		.from(orders)
		.where(ownOrders(customer.email))
	const requestRows = await db.select({ id: requests.id }).from(requests).where(ownRequests(customer.email))
	const orderIds = orderRows.map((order) => order.id)
	const requestIds = requestRows.map((request) => request.id)
	const erasedAt = new Date().toISOString()
	// Read before the words go (the customer's files are named only beside them).
	const threadFiles = await db
		.select({ id: orderMessages.id, attachments: orderMessages.attachments })
		.from(orderMessages)
		.where(messagesOf(orderIds, customer.email))
	await db.transaction(async (tx) => {
		for (const order of orderRows) {
			const customerData: OrderCustomer = { ...order.customer, ...ORDER_CUSTOMER_PERSONAL, erasedAt }
			await tx.update(orders).set({ customer: customerData, updatedAt: new Date() }).where(eq(orders.id, order.id))
		}
		if (requestIds.length)
			await tx
				.update(requests)
				.set({ ...erasure('requests'), updatedAt: new Date() })
				.where(inArray(requests.id, requestIds))
		if (orderIds.length) {
			// What the person wrote after a delivery (the revision's reason, the rating's comment) and the
			// address the order's mails went to, as the history noted it.
			await tx
				.update(orderEvents)
				.set(erasure('orderEvents'))
				.where(and(inArray(orderEvents.orderId, orderIds), inArray(orderEvents.kind, [...PERSONAL_EVENT_KINDS])))
			await tx.update(orderRatings).set(erasure('orderRatings')).where(inArray(orderRatings.orderId, orderIds))
		}
		await tx
			.update(orderMessages)
			.set(erasure('orderMessages'))
			.where(and(eq(orderMessages.author, 'customer'), messagesOf(orderIds, customer.email)))
		// A colleague's order held for approval holds their details: it goes with them.
		await tx.delete(orderApprovals).where(eq(orderApprovals.requesterId, customer.id))
		await tx.delete(customerLinks).where(eq(customerLinks.email, customer.email))
		await tx.update(quotes).set({ customerId: null }).where(eq(quotes.customerId, customer.id))
		await handOverCompany(tx, customer)
		await tx.delete(customers).where(eq(customers.id, customer.id))
	})
	await removeFiles(services, orderIds, requestIds)
	await removeThreadFiles(services, threadFiles)
	await withdrawLive(services, { customerId: customer.id })
	await recordAudit(
		services,
		{ id: null, name: 'Kunde' },
		{
			action: 'delete',
			subjectType: 'customers',
			subjectId: customer.id,
			summary: `Customer account ${customer.id} deleted (${orderIds.length} orders, ${requestIds.length} requests anonymised)`,
			text: auditText('customerDeleted', {
				id: customer.id,
				orders: { number: orderIds.length },
				requests: { number: requestIds.length },
			}),
		},
	)
	return 'deleted'
}

// The messages of the person's orders, and those they wrote on a colleague's.
const messagesOf = (orderIds: number[], email: string) =>
	or(inArray(orderMessages.orderId, orderIds.length ? orderIds : [-1]), eq(orderMessages.customerEmail, email))!

// The files sent in the threads of the person's orders and in what they wrote on a colleague's.
async function removeThreadFiles(services: Services, rows: { id: number; attachments: MessageAttachment[] }[]) {
	for (const row of rows) {
		if (!row.attachments.length) continue
		for (const file of row.attachments)
			await removeKept(services.files, path.join(messagesDirOf(services.documentsDir), file.storedName))
		await services.db.update(orderMessages).set({ attachments: [] }).where(eq(orderMessages.id, row.id))
	}
}

// The company's next member manages it; a company with no one left goes.
async function handOverCompany(db: Database | Transaction, customer: Customer) {
	if (!customer.companyId || !customer.managesCompany) return
	const [next] = await db
		.select({ id: customers.id })
		.from(customers)
		.where(and(eq(customers.companyId, customer.companyId), sql`${customers.id} <> ${customer.id}`))
		.orderBy(asc(customers.id))
		.limit(1)
	if (next) await db.update(customers).set({ managesCompany: true }).where(eq(customers.id, next.id))
	else await db.delete(customerCompanies).where(eq(customerCompanies.id, customer.companyId))
}

async function removeFiles(services: Services, orderIds: number[], requestIds: number[]) {
	const { db, documentsDir, files } = services
	const none = [-1]
	const sources = await db
		.select({ id: documents.id, storedName: documents.storedName })
		.from(documents)
		.where(
			or(
				inArray(documents.orderId, orderIds.length ? orderIds : none),
				inArray(documents.requestId, requestIds.length ? requestIds : none),
			),
		)
	for (const document of sources) {
		await removeKept(files, path.join(documentsDir, document.storedName))
		await Promise.all(sideFilesOf(documentsDir, document.id).map((file) => removeKept(files, file)))
		await db.delete(documents).where(eq(documents.id, document.id))
	}
	if (!orderIds.length) return
	const delivered = await db
		.select({ id: orderFiles.id, storedName: orderFiles.storedName })
		.from(orderFiles)
		.where(and(inArray(orderFiles.orderId, orderIds), isNull(orderFiles.deletedAt)))
	for (const file of delivered) {
		await removeKept(files, path.join(deliveriesDirOf(documentsDir), file.storedName))
		await db.update(orderFiles).set({ deletedAt: new Date() }).where(eq(orderFiles.id, file.id))
	}
}

// Five years after an invoice's date, the person who deleted their account goes from it too: the
// contact and e-mail always, the name and address when the buyer was a private person.
export async function anonymiseOldInvoices(db: Database, now = new Date()): Promise<number> {
	const cutoff = daysBefore(now, INVOICE_KEEP_YEARS * 365 + 1)
		.toISOString()
		.slice(0, 10)
	const rows = await db
		.select({ id: invoices.id, buyer: invoices.buyer })
		.from(invoices)
		.innerJoin(orders, eq(orders.id, invoices.orderId))
		.where(
			and(
				lt(invoices.issueDate, cutoff),
				sql`${orders.customer} ? 'erasedAt'`,
				sql`not (${invoices.buyer} ? 'erasedAt')`,
			),
		)
	for (const { id, buyer } of rows) {
		const isPerson = !buyer.cvr && !buyer.ean && !buyer.vatNumber
		await db
			.update(invoices)
			.set({
				buyer: {
					...buyer,
					email: null,
					contact: null,
					...(isPerson ? { name: ERASED_NAME, address: '' } : {}),
					erasedAt: now.toISOString(),
				},
			})
			.where(eq(invoices.id, id))
	}
	return rows.length
}
