import { eq } from 'drizzle-orm'
import { orderEvents, orders, teamMembers, type OrderStatus } from '#database/schema.ts'
import { deliverWaitingFiles } from '#app/models/order/delivery.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { creditInvoice, issueInvoice, openInvoiceOf, type Invoice } from '#app/models/invoice/invoice.server.ts'
import { NotInvoiceable } from '#app/models/invoice/lines.ts'
import { invoicePdfOf } from '#app/models/invoice/pdf.server.ts'
import { invoiceFileName } from '#app/models/invoice/file-names.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { sendOrderMails } from '#app/models/order/mail.server.ts'
import { ORDER_TRANSITIONS } from '#app/models/order/status.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import type { Transaction } from '#database/client.ts'
import { auditText, textOf } from '#app/models/audit/text.ts'

export class OrderNotFound extends Error {}
export class OrderRefused extends Error {
	readonly reason: 'transition' | 'no-files' | 'not-invoiceable' | 'translator' | 'not-delivered' | 'stale'
	constructor(reason: OrderRefused['reason']) {
		super(reason)
		this.reason = reason
	}
}

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl'>
type Actor = Pick<Staff, 'id' | 'name'>

// Staff move an order on. Delivering hands over the files waiting for it (the customer must then
// have at least one translated file) and issues the invoice in
// the same transaction (so its number is taken only if the delivery stands); cancelling a
// delivered order issues a credit note for its invoice. The customer hears of a delivery by mail,
// with the invoice attached, and an open order page changes at once.
export async function changeOrderStatus(
	services: Services,
	staff: Actor,
	orderId: number,
	to: OrderStatus,
	note = '',
	// The status the form was shown with: a change someone else made meanwhile is not overruled.
	expected?: OrderStatus,
) {
	const { order, from, invoice, credit } = await services.db.transaction(async (tx) => {
		const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
		if (!order) throw new OrderNotFound()
		if (expected && order.status !== expected) throw new OrderRefused('stale')
		if (!ORDER_TRANSITIONS[order.status].includes(to)) throw new OrderRefused('transition')
		const now = new Date()
		if (to === 'delivered') await deliverWaitingFiles(tx, orderId, now)
		await tx
			.update(orders)
			.set({ status: to, updatedAt: new Date(), ...(to === 'delivered' ? { deliveredAt: now } : {}) })
			.where(eq(orders.id, orderId))
		await tx.insert(orderEvents).values({ orderId, kind: 'status', status: to, body: note, userName: staff.name })
		let invoice: Invoice | null = null
		let credit: Invoice | null = null
		// Delivered again after a revision: the invoice issued at the first delivery stands.
		if (to === 'delivered' && !(await openInvoiceOf(tx, orderId)))
			invoice = await issueInvoice(tx, orderId).catch(rethrowAs)
		if (to === 'cancelled') {
			const open = await openInvoiceOf(tx, orderId)
			if (open) credit = await creditInvoice(tx, open)
		}
		return { order, from: order.status, invoice, credit }
	})
	const numbers = [invoice && `invoice ${invoice.number}`, credit && `credit note ${credit.number}`]
		.filter(Boolean)
		.join(', ')
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'order',
		subjectId: orderId,
		summary: `Order ${order.reference}: ${from} → ${to}${numbers ? ` (${numbers})` : ''}${note ? `. ${note}` : ''}`,
		text: auditText('orderStatus', {
			reference: order.reference,
			from: textOf(`orders.status.${from}`),
			to: textOf(`orders.status.${to}`),
			extra: invoice
				? textOf('audit.text.invoiceIssued', { number: invoice.number })
				: credit
					? textOf('audit.text.creditIssued', { number: credit.number })
					: '',
			note: note ? `. ${note}` : '',
		}),
		changes: {
			status: { from, to },
			...(invoice ? { invoice: invoice.number } : {}),
			...(credit ? { creditNote: credit.number } : {}),
		},
	})
	if (to === 'delivered') await sendDeliveryMails(services, staff, orderId, invoice, note)
	else if (credit) await mailCredited(services, staff, orderId, { status: to, message: note }, credit)
	else await mailCustomer(services, staff, orderId, { status: to, message: note })
	await announceOrder(services, orderId)
	return { invoice, credit }
}

// The order follows its jobs: the first job a translator accepts puts a received order (or one
// whose customer asked for a revision) in progress, in the accepting transaction. Returns what
// changed, for tellOrderStarted once it is committed.
export async function startOrderFromJob(tx: Transaction, actor: { name: string }, orderId: number) {
	const [order] = await tx
		.select({ status: orders.status, reference: orders.reference })
		.from(orders)
		.where(eq(orders.id, orderId))
		.for('update')
	if (!order || !ORDER_STARTED_BY_JOB.includes(order.status)) return null
	await tx.update(orders).set({ status: 'in_progress', updatedAt: new Date() }).where(eq(orders.id, orderId))
	await tx
		.insert(orderEvents)
		.values({ orderId, kind: 'status', status: 'in_progress', body: '', userName: actor.name })
	return { orderId, reference: order.reference, from: order.status }
}
const ORDER_STARTED_BY_JOB: readonly OrderStatus[] = ['received', 'revision_requested']

export async function tellOrderStarted(
	services: Services,
	actor: Actor,
	started: { orderId: number; reference: string; from: OrderStatus },
) {
	await recordAudit(services, actor, {
		action: 'update',
		subjectType: 'order',
		subjectId: started.orderId,
		summary: `Order ${started.reference}: ${started.from} → in_progress (a translator accepted its job)`,
		text: auditText('orderStarted', {
			reference: started.reference,
			from: textOf(`orders.status.${started.from}`),
			to: textOf('orders.status.in_progress'),
		}),
		changes: { status: { from: started.from, to: 'in_progress' } },
	})
	await mailCustomer(services, actor, started.orderId, { status: 'in_progress', message: '' })
	await announceOrder(services, started.orderId)
}

// The customer's one delivery mail: the link to the files, and the invoice's PDF attached when
// there is one; noted in the history for staff with the address it went to.
async function sendDeliveryMails(
	services: Services,
	staff: Actor,
	orderId: number,
	invoice: Invoice | null,
	message = '',
) {
	const to = await sendOrderMails(services, orderId, 'delivered', {
		message,
		...(invoice && {
			notes: ['mail.order.invoice'],
			finance: 'invoice' as const,
			vars: { invoice: String(invoice.number) },
			attachments: [
				{
					filename: invoiceFileName(invoice, 'pdf'),
					content: await invoicePdfOf(services.db, invoice),
					contentType: 'application/pdf',
				},
			],
		}),
	})
	await noteMail(services, staff, orderId, to, 'mail')
}

// The customer hears of a new status or a message from staff by mail as well as on the order page.
async function mailCustomer(
	services: Services,
	staff: Actor,
	orderId: number,
	update: { status?: OrderStatus; message: string },
) {
	await noteMail(services, staff, orderId, await sendOrderMails(services, orderId, 'update', update), 'message')
}

// A cancelled order's credit note goes with the mail that says so (to the finance office too).
async function mailCredited(
	services: Services,
	staff: Actor,
	orderId: number,
	update: { status: OrderStatus; message: string },
	credit: Invoice,
) {
	const attachment = {
		filename: invoiceFileName(credit, 'pdf'),
		content: await invoicePdfOf(services.db, credit),
		contentType: 'application/pdf',
	}
	const to = await sendOrderMails(services, orderId, 'update', {
		...update,
		finance: 'copy',
		attachments: [attachment],
	})
	await noteMail(services, staff, orderId, to, 'message')
}

async function noteMail(
	services: Services,
	staff: Actor,
	orderId: number,
	to: string | null,
	kind: 'mail' | 'message',
) {
	await services.db.insert(orderEvents).values({ orderId, kind, body: to ?? '', userName: staff.name, internal: true })
}

// Staff send the delivery mail again (the customer lost it, or asked for it at another address
// after staff corrected it): only for a delivered order, with its invoice if it still stands.
export async function resendDeliveryMail(services: Services, staff: Actor, orderId: number) {
	const [order] = await services.db
		.select({ reference: orders.reference, status: orders.status })
		.from(orders)
		.where(eq(orders.id, orderId))
	if (!order) throw new OrderNotFound()
	if (order.status !== 'delivered') throw new OrderRefused('not-delivered')
	await sendDeliveryMails(services, staff, orderId, await openInvoiceOf(services.db, orderId))
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'order',
		subjectId: orderId,
		summary: `Order ${order.reference}: delivery mail sent again`,
		text: auditText('deliveryMailAgain', { reference: order.reference }),
		changes: { deliveryMail: 'sent' },
	})
	await announceOrder(services, orderId)
}

// Files added to an order already delivered (a corrected version, a missing document) reach the
// customer only when staff hand them over: delivered as a delivery is, and the delivery mail again.
export async function deliverAddedFiles(services: Services, staff: Actor, orderId: number) {
	const { reference, names } = await services.db.transaction(async (tx) => {
		const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
		if (!order) throw new OrderNotFound()
		if (order.status !== 'delivered') throw new OrderRefused('not-delivered')
		const now = new Date()
		const names = await deliverWaitingFiles(tx, orderId, now)
		if (!names.length) throw new OrderRefused('no-files')
		await tx.update(orders).set({ deliveredAt: now, updatedAt: now }).where(eq(orders.id, orderId))
		return { reference: order.reference, names }
	})
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'order',
		subjectId: orderId,
		summary: `Order ${reference}: delivered ${names.join(', ')}`,
		text: auditText('deliveredFiles', { reference, names: names.join(', ') }),
		changes: { delivered: names },
	})
	await sendDeliveryMails(services, staff, orderId, null)
	await announceOrder(services, orderId)
}

function rethrowAs(error: unknown): never {
	if (error instanceof NotInvoiceable) throw new OrderRefused('not-invoiceable')
	throw error
}

// A translator for the order (a team member), or none; recorded in the history for staff only.
export async function assignTranslator(services: Services, staff: Actor, orderId: number, teamMemberId: number | null) {
	const member =
		teamMemberId === null
			? null
			: ((await services.db.select().from(teamMembers).where(eq(teamMembers.id, teamMemberId)))[0] ?? null)
	if (teamMemberId !== null && !member) throw new OrderRefused('translator')
	const [order] = await services.db
		.update(orders)
		.set({ translatorId: teamMemberId, updatedAt: new Date() })
		.where(eq(orders.id, orderId))
		.returning()
	if (!order) throw new OrderNotFound()
	await services.db
		.insert(orderEvents)
		.values({ orderId, kind: 'assigned', body: member?.name ?? '', userName: staff.name, internal: true })
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'order',
		subjectId: orderId,
		summary: `Order ${order.reference}: translator ${member?.name ?? 'none'}`,
		text: auditText('orderTranslator', {
			reference: order.reference,
			name: member?.name ?? textOf('audit.text.nobody'),
		}),
		changes: { translator: member?.name ?? null },
	})
	await announceOrder(services, orderId)
}

// A note in the order's history; an internal one is for staff only.
export async function addOrderNote(services: Services, staff: Actor, orderId: number, body: string, internal: boolean) {
	const [order] = await services.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, orderId))
	if (!order) throw new OrderNotFound()
	await services.db.insert(orderEvents).values({ orderId, kind: 'note', body, userName: staff.name, internal })
	if (!internal) await mailCustomer(services, staff, orderId, { message: body })
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'order',
		subjectId: orderId,
		summary: `Order ${order.reference}: ${internal ? 'internal ' : ''}note`,
		text: auditText(internal ? 'orderInternalNote' : 'orderNote', { reference: order.reference }),
		changes: { note: body, internal },
	})
	await announceOrder(services, orderId)
}
