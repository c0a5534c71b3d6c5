import path from 'node:path'
import { and, asc, eq, isNull, lt, ne } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents, jobFiles, jobs, orderDownloads, orderEvents, orderFiles, orders, quotes } from '#database/schema.ts'
import { addCalendarDays, todayInDenmark, daysBefore } from '#app/models/calendar/working-days.ts'
import type { SavedQuoteDetails } from '#app/models/quote/quote.server.ts'
import { invoiceForCustomer } from '#app/models/invoice/customer.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { orderStream } from '#app/utils/cable.ts'
import { removeKept, type KeptFiles } from '#app/models/files/store.server.ts'
import { inCustomersDelivery } from '#app/models/order/delivery.server.ts'

// What the customer's history shows: statuses, staff's public notes, and what the customer did
// after the delivery (the revision asked for, with its reason; the delivery accepted).
const CUSTOMER_EVENTS = new Set(['status', 'note', 'revision', 'accepted'])

// The customer's view of an order, by the key in its link: what was ordered at what price, the
// status and its history (without staff-only notes), and the translated files while they are kept.
export async function findOrderForCustomer(db: Database, token: string) {
	if (!/^[\w-]{32}$/.test(token)) return null
	const [order] = await db.select().from(orders).where(eq(orders.token, token))
	if (!order) return null
	const [[quote], events, files, sources, settings, invoice] = await Promise.all([
		db.select().from(quotes).where(eq(quotes.id, order.quoteId)),
		db
			.select()
			.from(orderEvents)
			.where(eq(orderEvents.orderId, order.id))
			.orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
		db.select().from(orderFiles).where(eq(orderFiles.orderId, order.id)).orderBy(asc(orderFiles.createdAt)),
		db
			.select({ name: documents.name })
			.from(documents)
			.where(eq(documents.orderId, order.id))
			.orderBy(asc(documents.createdAt)),
		getSettings(db),
		invoiceForCustomer(db, order.id),
	])
	// Staff may upload files while they work; the customer sees what was delivered (the last set,
	// also while a revision is open), each file's current version.
	const delivered =
		order.status === 'cancelled'
			? []
			: files.filter((file) => file.deliveredAt && !file.supersededAt && !file.withdrawnAt)
	const keptUntil = order.deliveredAt
		? addCalendarDays(todayInDenmark(order.deliveredAt), settings.deliveryRetentionDays)
		: null
	return {
		id: order.id,
		token: order.token,
		reference: order.reference,
		status: order.status,
		dueDate: order.dueDate,
		createdAt: order.createdAt.toISOString(),
		deliveredAt: order.deliveredAt,
		acceptedAt: order.acceptedAt,
		customer: {
			name: order.customer.name,
			companyName: order.customer.companyName,
			// Set for a business in another EU country: invoiced without VAT (reverse charge).
			vatNumber: order.customer.kind === 'foreign' ? (order.customer.vatNumber ?? null) : null,
		},
		quote: {
			details: quote!.details as unknown as SavedQuoteDetails,
			copies: quote!.copies,
			currency: quote!.currency,
		},
		history: events
			.filter((event) => !event.internal && CUSTOMER_EVENTS.has(event.kind))
			.map((event) => ({
				id: event.id,
				kind: event.kind,
				status: event.status,
				// Staff's message with a status change, or a public note.
				body: event.body,
				at: event.createdAt.toISOString(),
			})),
		files: delivered
			.filter((file) => !file.deletedAt)
			.map((file) => ({ id: file.id, name: file.name, size: file.size, version: file.version ?? 1 })),
		filesDeleted: delivered.some((file) => file.deletedAt),
		keptUntil,
		documents: sources.map((source) => source.name),
		invoice,
	}
}

export type CustomerOrder = NonNullable<Awaited<ReturnType<typeof findOrderForCustomer>>>

// Where delivered translations are kept: beside the customers' documents, in their own folder
// (the documents' stray-file sweep looks only at its own top level).
export const deliveriesDirOf = (documentsDir: string) => path.join(documentsDir, 'deliveries')

// A file of the customer's delivery they may download by the order's key, logged (with the address keyed,
// as for uploads); null when it is not this order's or was deleted at the end of retention.
export async function takeDownload(db: Database, token: string, fileId: string, addressKey: string) {
	if (!/^[\w-]{32}$/.test(token) || !/^[0-9a-f-]{36}$/.test(fileId)) return null
	const [row] = await db
		.select({ file: orderFiles })
		.from(orderFiles)
		.innerJoin(orders, eq(orders.id, orderFiles.orderId))
		.where(and(eq(orders.token, token), ne(orders.status, 'cancelled'), eq(orderFiles.id, fileId), inCustomersDelivery))
	if (!row) return null
	await db.insert(orderDownloads).values({ fileId, addressKey })
	return row.file
}

// The customer downloads a delivered file: logged, and an open admin page of the order shows it.
export async function downloadDelivery(
	services: Pick<AppServices, 'db' | 'broadcast' | 'logger'>,
	token: string,
	fileId: string,
	addressKey: string,
) {
	const file = await takeDownload(services.db, token, fileId, addressKey)
	if (file) await broadcastTo(services, orderStream(file.orderId), { type: 'download', id: file.orderId })
	return file
}

// Delivered files go, from the disk and the page, once the retention period after delivery has
// passed (a setting); the order page then says so.
export async function deleteExpiredDeliveries(db: Database, kept: KeptFiles, now = new Date()): Promise<number> {
	const { documentsDir, files } = kept
	const { deliveryRetentionDays } = await getSettings(db)
	const cutoff = daysBefore(now, deliveryRetentionDays)
	const expired = await db
		.select({ id: orderFiles.id, storedName: orderFiles.storedName })
		.from(orderFiles)
		.innerJoin(orders, eq(orders.id, orderFiles.orderId))
		.where(and(isNull(orderFiles.deletedAt), lt(orders.deliveredAt, cutoff)))
	for (const file of expired) {
		await removeKept(files, path.join(deliveriesDirOf(documentsDir), file.storedName))
		await db.update(orderFiles).set({ deletedAt: now }).where(eq(orderFiles.id, file.id))
	}
	// What translators handed in for those orders' jobs goes at the same time.
	const handedIn = await db
		.select({ id: jobFiles.id, storedName: jobFiles.storedName })
		.from(jobFiles)
		.innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.where(and(isNull(jobFiles.deletedAt), lt(orders.deliveredAt, cutoff)))
	for (const file of handedIn) {
		await removeKept(files, path.join(deliveriesDirOf(documentsDir), file.storedName))
		await db.update(jobFiles).set({ deletedAt: now }).where(eq(jobFiles.id, file.id))
	}
	return expired.length + handedIn.length
}
