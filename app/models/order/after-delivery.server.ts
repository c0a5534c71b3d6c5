import { and, avg, count, desc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { jobs, orderEvents, orderRatings, orders } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { addCalendarDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { managerRecipients } from '#app/models/vendor/manager.server.ts'
import { typedText } from '#app/models/request/form.ts'
import { auditText, textOf } from '#app/models/audit/text.ts'

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl'>
type Order = typeof orders.$inferSelect

export const REVISION_REASON = { min: 10, max: 2000 }

// What the customer may do with a delivered order, and until when.
export async function afterDeliveryOf(
	db: Database,
	order: Pick<Order, 'id' | 'status' | 'deliveredAt' | 'acceptedAt'>,
) {
	const [{ revisionDays }, [rating]] = await Promise.all([
		getSettings(db),
		db.select().from(orderRatings).where(eq(orderRatings.orderId, order.id)),
	])
	const reviseUntil =
		revisionDays > 0 && order.deliveredAt ? addCalendarDays(todayInDenmark(order.deliveredAt), revisionDays) : null
	const delivered = order.status === 'delivered'
	return {
		accepted: order.acceptedAt?.toISOString() ?? null,
		mayAccept: delivered && !order.acceptedAt,
		mayRevise: delivered && !order.acceptedAt && reviseUntil !== null && todayInDenmark() <= reviseUntil,
		reviseUntil,
		mayRate: order.deliveredAt !== null && order.status !== 'cancelled',
		rating: rating ? { rating: rating.rating, comment: rating.comment } : null,
	}
}

async function deliveredOrderOf(db: Database, token: string) {
	if (!/^[\w-]{32}$/.test(token)) return null
	const [order] = await db.select().from(orders).where(eq(orders.token, token))
	return order ?? null
}

// "Accept the delivery": the order is done as delivered; staff see it on the order.
export async function acceptDelivery(services: Services, token: string): Promise<boolean> {
	const order = await deliveredOrderOf(services.db, token)
	if (!order || !(await afterDeliveryOf(services.db, order)).mayAccept) return false
	await services.db.transaction(async (tx) => {
		await tx.update(orders).set({ acceptedAt: new Date(), updatedAt: new Date() }).where(eq(orders.id, order.id))
		await tx.insert(orderEvents).values({ orderId: order.id, kind: 'accepted' })
	})
	await recordAudit(services, customerActor(order), {
		action: 'update',
		subjectType: 'order',
		subjectId: order.id,
		summary: `Order ${order.reference}: the customer accepted the delivery`,
		text: auditText('customerAccepted', { reference: order.reference }),
	})
	await announceOrder(services, order.id)
	return true
}

// The customer, in the audit log: no staff account, their name as they gave it.
const customerActor = (order: { customer: { name: string } }) => ({
	id: null,
	name: `${order.customer.name} (customer)`,
})

export const RevisionSchema = typedText(
	z.string().trim().min(REVISION_REASON.min, 'too-short').max(REVISION_REASON.max, 'too-long'),
)

export type RevisionOutcome = 'requested' | 'too-short' | 'too-long' | 'not-possible'

// "Ask for a revision", within the setting's days after the delivery and with a reason: the order
// goes to "revision requested", staff's open pages show it at once and the agency gets a mail.
export async function requestRevision(services: Services, token: string, reason: string): Promise<RevisionOutcome> {
	const parsed = RevisionSchema.safeParse(reason)
	if (!parsed.success) return parsed.error.issues[0]!.message as 'too-short' | 'too-long'
	const order = await deliveredOrderOf(services.db, token)
	if (!order || !(await afterDeliveryOf(services.db, order)).mayRevise) return 'not-possible'
	const moved = await services.db.transaction(async (tx) => {
		const [locked] = await tx
			.update(orders)
			.set({ status: 'revision_requested', updatedAt: new Date() })
			.where(and(eq(orders.id, order.id), eq(orders.status, 'delivered')))
			.returning({ id: orders.id })
		if (!locked) return false
		await tx.insert(orderEvents).values([
			{ orderId: order.id, kind: 'revision', body: parsed.data },
			{ orderId: order.id, kind: 'status', status: 'revision_requested' },
		])
		return true
	})
	if (!moved) return 'not-possible'
	await recordAudit(services, customerActor(order), {
		action: 'update',
		subjectType: 'order',
		subjectId: order.id,
		summary: `Order ${order.reference}: delivered → revision_requested (the customer asked for a revision)`,
		text: auditText('revisionRequested', {
			reference: order.reference,
			from: textOf('orders.status.delivered'),
			to: textOf('orders.status.revision_requested'),
		}),
		changes: { status: { from: 'delivered', to: 'revision_requested' }, reason: parsed.data },
	})
	await announceOrder(services, order.id)
	services.sendMail({
		...(await managerRecipients(services.db, { type: 'order', id: order.id })),
		subject: `Revision ønsket: ordre ${order.reference}`,
		text: [
			`${order.customer.name} beder om en revision af ordre ${order.reference}:`,
			parsed.data,
			`Ordren: ${services.publicUrl}/admin/orders/${order.id}`,
		].join('\n\n'),
	})
	return 'requested'
}

export const RatingSchema = z
	.object({
		rating: z.coerce.number().int('rating').min(1, 'rating').max(5, 'rating'),
		comment: typedText(z.string().trim().max(2000, 'too-long')),
	})
	.refine((value) => value.rating > 2 || value.comment.length > 0, { message: 'reason', path: ['comment'] })

// The customer rates a delivered order, 1 to 5, with a reason for 1 or 2; rating again changes it.
export async function rateOrder(
	services: Services,
	token: string,
	input: { rating: string; comment: string },
): Promise<{ ok: true } | { ok: false; errors: Partial<Record<'rating' | 'comment', string>> }> {
	const parsed = RatingSchema.safeParse(input)
	if (!parsed.success) {
		const errors: Partial<Record<'rating' | 'comment', string>> = {}
		for (const issue of parsed.error.issues) errors[issue.path[0] as 'rating' | 'comment'] ??= issue.message
		return { ok: false, errors }
	}
	const order = await deliveredOrderOf(services.db, token)
	if (!order || !(await afterDeliveryOf(services.db, order)).mayRate)
		return { ok: false, errors: { rating: 'not-possible' } }
	const { rating, comment } = parsed.data
	await services.db
		.insert(orderRatings)
		.values({ orderId: order.id, rating, comment })
		.onConflictDoUpdate({ target: orderRatings.orderId, set: { rating, comment, updatedAt: new Date() } })
	await announceOrder(services, order.id)
	return { ok: true }
}

// Staff's view: the ratings of the orders a translator worked on (through the order's jobs).
export async function ratingsOfTranslator(db: Database, translatorId: number) {
	const rated = db
		.selectDistinct({ orderId: jobs.orderId })
		.from(jobs)
		.where(and(eq(jobs.translatorId, translatorId), inArray(jobs.status, ['done', 'approved'])))
	const [[summary], latest] = await Promise.all([
		db
			.select({ average: avg(orderRatings.rating), count: count() })
			.from(orderRatings)
			.where(inArray(orderRatings.orderId, rated)),
		db
			.select({
				orderId: orderRatings.orderId,
				reference: orders.reference,
				rating: orderRatings.rating,
				comment: orderRatings.comment,
				at: orderRatings.updatedAt,
			})
			.from(orderRatings)
			.innerJoin(orders, eq(orders.id, orderRatings.orderId))
			.where(inArray(orderRatings.orderId, rated))
			.orderBy(desc(orderRatings.updatedAt))
			.limit(20),
	])
	return {
		average: summary?.average === null || summary?.average === undefined ? null : Number(summary.average),
		count: summary?.count ?? 0,
		latest: latest.map((row) => ({ ...row, at: row.at.toISOString() })),
	}
}

export async function ratingOfOrder(db: Database, orderId: number) {
	const [row] = await db.select().from(orderRatings).where(eq(orderRatings.orderId, orderId))
	return row ? { rating: row.rating, comment: row.comment, at: row.updatedAt.toISOString() } : null
}
