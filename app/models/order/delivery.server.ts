import { stat } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, inArray, isNotNull, isNull, max, notInArray, or, sql } from 'drizzle-orm'
import { documents, jobFiles, orderEvents, orderFiles, orders } from '#database/schema.ts'
import type { Database, Transaction } from '#database/client.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { removeKept } from '#app/models/files/store.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { deliveryName, documentOfFile, uniqueNames } from '#app/models/order/delivery-names.ts'
import { OrderNotFound, OrderRefused } from '#app/models/order/lifecycle.server.ts'
import { isUuid } from '#app/utils/uuid.ts'
import { auditText, textOf } from '#app/models/audit/text.ts'

type Actor = { id: number; name: string }
type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'documentsDir' | 'files'>

// What the customer has now: delivered, not replaced by a newer version, not withdrawn, still kept.
export const inCustomersDelivery = and(
	isNotNull(orderFiles.deliveredAt),
	isNull(orderFiles.supersededAt),
	isNull(orderFiles.withdrawnAt),
	isNull(orderFiles.deletedAt),
)

// What the next delivery will hand over: not yet delivered, not left out by the PM, not withdrawn.
const inNextDelivery = and(
	isNull(orderFiles.deliveredAt),
	eq(orderFiles.held, false),
	isNull(orderFiles.withdrawnAt),
	isNull(orderFiles.deletedAt),
)

// What a revision or proofreading job works on: the customer's files, and those about to be delivered.
export const toBeRevised = or(inCustomersDelivery, inNextDelivery)!

// A new file of the order: the document it is a version of (among `documentIds` when a job's files
// are named, else the order's, by name alone), and the name the customer will see.
export async function versionName(
	db: Database | Transaction,
	orderId: number,
	fileName: string,
	language: string | null,
	documentIds?: readonly string[],
) {
	const sources = await db
		.select({ id: documents.id, name: documents.name })
		.from(documents)
		.where(
			and(
				eq(documents.orderId, orderId),
				documentIds ? inArray(documents.id, documentIds.length ? [...documentIds] : ['']) : undefined,
			),
		)
		.orderBy(asc(documents.createdAt))
	const documentId = documentOfFile(fileName, sources, documentIds !== undefined)
	const source = sources.find((candidate) => candidate.id === documentId)
	return { documentId, originalName: fileName, name: source ? deliveryName(source.name, language, fileName) : fileName }
}

// Files of a new approval replace what waited for delivery for the same documents: those are left out.
export async function holdEarlier(tx: Transaction, orderId: number, documentIds: readonly string[], keep: string[]) {
	if (!documentIds.length) return
	await tx
		.update(orderFiles)
		.set({ held: true })
		.where(
			and(
				eq(orderFiles.orderId, orderId),
				inNextDelivery,
				inArray(orderFiles.documentId, [...documentIds]),
				keep.length ? notInArray(orderFiles.id, keep) : undefined,
			),
		)
}

// The delivery itself, in the transaction that marks the order delivered: what waited is handed
// over, each file the next version of its document, the version it replaces superseded (kept for
// staff), names made unique within what the customer then has. Refused when the customer would
// have nothing.
export async function deliverWaitingFiles(tx: Transaction, orderId: number, now: Date) {
	const waiting = await tx
		.select()
		.from(orderFiles)
		.where(and(eq(orderFiles.orderId, orderId), inNextDelivery))
		.orderBy(asc(orderFiles.createdAt))
	for (const file of waiting) {
		const [last] = file.documentId
			? await tx
					.select({ version: max(orderFiles.version) })
					.from(orderFiles)
					.where(and(eq(orderFiles.documentId, file.documentId), isNotNull(orderFiles.deliveredAt)))
			: []
		if (file.documentId)
			await tx
				.update(orderFiles)
				.set({ supersededAt: now })
				.where(and(eq(orderFiles.documentId, file.documentId), inCustomersDelivery))
		await tx
			.update(orderFiles)
			.set({ deliveredAt: now, version: (last?.version ?? 0) + 1 })
			.where(eq(orderFiles.id, file.id))
	}
	const current = await tx
		.select({ id: orderFiles.id, name: orderFiles.name })
		.from(orderFiles)
		.where(and(eq(orderFiles.orderId, orderId), inCustomersDelivery))
		.orderBy(asc(orderFiles.deliveredAt), asc(orderFiles.createdAt))
	if (!current.length) throw new OrderRefused('no-files')
	const names = uniqueNames(current.map((file) => file.name))
	for (const [at, file] of current.entries())
		if (names[at] !== file.name) await tx.update(orderFiles).set({ name: names[at]! }).where(eq(orderFiles.id, file.id))
	return waiting.map((file) => names[current.findIndex((row) => row.id === file.id)] ?? file.name)
}

// The PM's choice of what the next delivery hands over, among the files waiting for it.
export async function chooseDelivery(services: Services, staff: Actor, orderId: number, chosen: readonly string[]) {
	const wanted = new Set(chosen.filter(isUuid))
	const changed = await services.db.transaction(async (tx) => {
		const [order] = await tx.select({ reference: orders.reference }).from(orders).where(eq(orders.id, orderId))
		if (!order) throw new OrderNotFound()
		const waiting = await tx
			.select({ id: orderFiles.id, name: orderFiles.name, held: orderFiles.held })
			.from(orderFiles)
			.where(
				and(
					eq(orderFiles.orderId, orderId),
					isNull(orderFiles.deliveredAt),
					isNull(orderFiles.withdrawnAt),
					isNull(orderFiles.deletedAt),
				),
			)
		const flips = waiting.filter((file) => file.held === wanted.has(file.id))
		for (const file of flips) await tx.update(orderFiles).set({ held: !file.held }).where(eq(orderFiles.id, file.id))
		return { reference: order.reference, included: waiting.filter((file) => wanted.has(file.id)), flips }
	})
	if (changed.flips.length)
		await recordAudit(services, staff, {
			action: 'update',
			subjectType: 'order',
			subjectId: orderId,
			summary: `Order ${changed.reference}: next delivery ${changed.included.map((file) => file.name).join(', ') || '(none)'}`,
			text: auditText('nextDelivery', {
				reference: changed.reference,
				names: changed.included.map((file) => file.name).join(', ') || textOf('audit.text.none'),
			}),
			changes: { delivery: changed.included.map((file) => file.name) },
		})
	await announceOrder(services, orderId)
}

// A wrong file withdrawn: gone from the disk and from the customer's page, with who and why kept
// (audited). Withdrawing the customer's current version gives them back the one it replaced.
export async function withdrawOrderFile(
	services: Services,
	staff: Actor,
	orderId: number,
	fileId: string,
	reason: string,
	now = new Date(),
) {
	if (!isUuid(fileId)) throw new OrderNotFound()
	const found = await services.db.transaction(async (tx) => {
		const [row] = await tx
			.select({ file: orderFiles, reference: orders.reference })
			.from(orderFiles)
			.innerJoin(orders, eq(orders.id, orderFiles.orderId))
			.where(and(eq(orderFiles.id, fileId), eq(orderFiles.orderId, orderId)))
			.for('update')
		if (!row) throw new OrderNotFound()
		if (row.file.withdrawnAt) return null
		const { file } = row
		await tx
			.update(orderFiles)
			.set({ withdrawnAt: now, withdrawnBy: staff.name, withdrawnReason: reason, deletedAt: file.deletedAt ?? now })
			.where(eq(orderFiles.id, fileId))
		const wasCurrent = file.deliveredAt && !file.supersededAt && !file.deletedAt
		if (wasCurrent && file.documentId) await restorePrevious(tx, file.documentId)
		await tx
			.insert(orderEvents)
			.values({ orderId, kind: 'file', body: `withdrawn:${file.name}`, userName: staff.name, internal: true })
		return row
	})
	if (!found) return
	await removeWithdrawnBytes(services, found.file, now)
	await recordAudit(services, staff, {
		action: 'delete',
		subjectType: 'order',
		subjectId: orderId,
		summary: `Order ${found.reference}: withdrew ${found.file.name}. ${reason}`,
		text: auditText('withdrew', { reference: found.reference, name: found.file.name, reason }),
		changes: { file: found.file.name, version: found.file.version, reason },
	})
	await announceOrder(services, orderId)
}

type OrderFile = typeof orderFiles.$inferSelect

// A withdrawn file's bytes go from everywhere they are: the order's name for them and, for a file
// a translator handed in, the job's (a second name for the same bytes, which staff and the
// translator could still download and the next backup would keep), unless another file of the
// order still delivers them.
async function removeWithdrawnBytes(services: Services, file: OrderFile, now: Date) {
	const directory = deliveriesDirOf(services.documentsDir)
	const source = await jobFileOf(services.db, file, directory)
	await removeKept(services.files, path.join(directory, file.storedName))
	if (!source) return
	const [stillDelivered] = await services.db
		.select({ id: orderFiles.id })
		.from(orderFiles)
		.where(and(eq(orderFiles.jobFileId, source.id), isNull(orderFiles.withdrawnAt), isNull(orderFiles.deletedAt)))
		.limit(1)
	if (stillDelivered) return
	await services.db.update(jobFiles).set({ deletedAt: now }).where(eq(jobFiles.id, source.id))
	await removeKept(services.files, path.join(directory, source.storedName))
}

// The job's file an approved file came from; for files approved before that was recorded, the one
// of its job that is the same file on the disk (a hard link), if any.
async function jobFileOf(db: Database, file: OrderFile, directory: string) {
	if (!file.jobId) return null
	const candidates = await db
		.select({ id: jobFiles.id, storedName: jobFiles.storedName })
		.from(jobFiles)
		.where(and(eq(jobFiles.jobId, file.jobId), isNull(jobFiles.deletedAt)))
	if (file.jobFileId) return candidates.find((candidate) => candidate.id === file.jobFileId) ?? null
	const inode = (name: string) =>
		stat(path.join(directory, name)).then(
			(info) => info.ino,
			() => null,
		)
	const own = await inode(file.storedName)
	if (own === null) return null
	for (const candidate of candidates) if ((await inode(candidate.storedName)) === own) return candidate
	return null
}

async function restorePrevious(tx: Transaction, documentId: string) {
	const [previous] = await tx
		.select({ id: orderFiles.id })
		.from(orderFiles)
		.where(
			and(
				eq(orderFiles.documentId, documentId),
				isNotNull(orderFiles.supersededAt),
				isNull(orderFiles.withdrawnAt),
				isNull(orderFiles.deletedAt),
			),
		)
		.orderBy(sql`${orderFiles.version} desc nulls last`)
		.limit(1)
	if (previous) await tx.update(orderFiles).set({ supersededAt: null }).where(eq(orderFiles.id, previous.id))
}
