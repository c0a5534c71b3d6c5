import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { documents, orderFiles, orders, requests } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { deliveredEntries, orderToZip } from '#app/models/order/zip.server.ts'
import { isUuid } from '#app/utils/uuid.ts'
import { countedTextFile, countedTextName } from '#app/models/documents/counted-text.server.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'
import { auditText } from '#app/models/audit/text.ts'

type Actor = Pick<Staff, 'id' | 'name'>
type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'documentsDir' | 'files'>
type Found = { name: string; storedName: string; reference: string } | undefined
type Subject = { type: 'order' | 'request'; id: number; label: string }

// A customer's document of an order, for staff to hand to a translator: where it lies and its
// name; each download is in the audit log with who took it.
export async function takeOrderDocument(services: Services, staff: Actor, orderId: number, documentId: string) {
	if (!isUuid(documentId)) return null
	const [row] = await services.db
		.select({ name: documents.name, storedName: documents.storedName, reference: orders.reference })
		.from(documents)
		.innerJoin(orders, eq(orders.id, documents.orderId))
		.where(and(eq(documents.id, documentId), eq(documents.orderId, orderId)))
	return logged(services, staff, row, services.documentsDir, { type: 'order', id: orderId, label: 'Order' })
}

// A translation delivered (or about to be) with an order, for staff; logged as above.
export async function takeOrderTranslation(services: Services, staff: Actor, orderId: number, fileId: string) {
	if (!isUuid(fileId)) return null
	const [row] = await services.db
		.select({ name: orderFiles.name, storedName: orderFiles.storedName, reference: orders.reference })
		.from(orderFiles)
		.innerJoin(orders, eq(orders.id, orderFiles.orderId))
		.where(and(eq(orderFiles.id, fileId), eq(orderFiles.orderId, orderId)))
	const directory = deliveriesDirOf(services.documentsDir)
	return logged(services, staff, row, directory, { type: 'order', id: orderId, label: 'Order' }, 'translation ')
}

// What the customer has of the order, for staff as one ZIP (the customer's own view of the
// delivery); logged as above. Null when the order has nothing delivered.
export async function takeOrderZip(services: Services, staff: Actor, orderId: number) {
	const order = await orderToZip(services.db, { id: orderId })
	const entries = order ? await deliveredEntries(services.db, services.documentsDir, order.id) : []
	if (!order || entries.length === 0) return null
	const name = `${order.reference}.zip`
	await logged(
		services,
		staff,
		{ name, storedName: name, reference: order.reference },
		'',
		{
			type: 'order',
			id: orderId,
			label: 'Order',
		},
		'translation ',
	)
	return { entries, reference: order.reference }
}

// A request's document, for staff: logged as above.
export async function takeRequestDocument(services: Services, staff: Actor, requestId: number, documentId: string) {
	const row = await requestDocument(services, requestId, documentId)
	return logged(services, staff, row, services.documentsDir, { type: 'request', id: requestId, label: 'Request' })
}

async function requestDocument(services: Services, requestId: number, documentId: string): Promise<Found> {
	if (!isUuid(documentId)) return undefined
	const [row] = await services.db
		.select({ name: documents.name, storedName: documents.storedName, reference: requests.reference })
		.from(documents)
		.innerJoin(requests, eq(requests.id, documents.requestId))
		.where(and(eq(documents.id, documentId), eq(documents.requestId, requestId)))
	return row
}

async function logged(services: Services, staff: Actor, row: Found, directory: string, subject: Subject, what = '') {
	if (!row) return null
	await recordAudit(services, staff, {
		action: 'download',
		subjectType: subject.type,
		subjectId: subject.id,
		summary: `${subject.label} ${row.reference}: downloaded ${what}${row.name}`,
		text: auditText(what ? `downloaded.${what.trim().replace(/\s+/g, '-')}` : 'downloaded', {
			reference: row.reference,
			name: row.name,
		}),
	})
	return { file: path.join(directory, row.storedName), name: row.name }
}

// The text a request's document was counted from, for staff: a .txt with each part under its
// admin name; in the audit log like the document itself (it is the customer's text).
export async function takeRequestDocumentText(
	services: Services,
	staff: Actor,
	requestId: number,
	documentId: string,
	locale: Locale,
	label: (part: CountPart) => string,
) {
	const row = await requestDocument(services, requestId, documentId)
	const text = row ? await countedTextFile(services, documentId, label) : null
	if (!row || text === null) return null
	await logged(
		services,
		staff,
		row,
		services.documentsDir,
		{ type: 'request', id: requestId, label: 'Request' },
		'the counted text of ',
	)
	return { text, name: countedTextName(row.name, locale) }
}
