import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { invoices, orderEvents, orders } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { orderScope, type Access } from '#app/models/customer/records.server.ts'
import { typedLine } from '#app/models/request/form.ts'

export const REFERENCE_FIELDS = ['purchase_order', 'cost_centre'] as const
export type ReferenceField = (typeof REFERENCE_FIELDS)[number]
export const ReferencesSchema = z.object({
	purchase_order: typedLine(z.string().trim().max(60, 'too-long')),
	cost_centre: typedLine(z.string().trim().max(60, 'too-long')),
})

export type ReferencesResult =
	| { ok: true }
	| { ok: false; reason: 'not-found' | 'invoiced' }
	| { ok: false; reason: 'invalid'; errors: Partial<Record<ReferenceField, string>> }

// A company customer (or a colleague who sees the order) gives an order its purchase order and
// cost centre, until it is invoiced: the invoice carries them from then on. The order's history
// says who changed them, and an open admin page of the order shows them at once.
export async function setOrderReferences(
	services: Pick<AppServices, 'db' | 'broadcast' | 'logger'>,
	access: Access,
	orderId: number,
	fields: Record<ReferenceField, string>,
): Promise<ReferencesResult> {
	const parsed = ReferencesSchema.safeParse(fields)
	if (!parsed.success) {
		const errors: Partial<Record<ReferenceField, string>> = {}
		for (const issue of parsed.error.issues) errors[issue.path[0] as ReferenceField] ??= issue.message
		return { ok: false, reason: 'invalid', errors }
	}
	const { purchase_order: purchaseOrder, cost_centre: costCentre } = parsed.data
	const outcome = await services.db.transaction(async (tx) => {
		const [order] = await tx
			.select({ customer: orders.customer, status: orders.status })
			.from(orders)
			.where(and(eq(orders.id, orderId), orderScope(access)))
			.for('update')
		if (!order?.customer.companyName || order.status === 'cancelled') return 'not-found' as const
		const [invoiced] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId)).limit(1)
		if (invoiced) return 'invoiced' as const
		const customer = { ...order.customer, purchaseOrder: purchaseOrder || null, costCentre: costCentre || null }
		await tx.update(orders).set({ customer, updatedAt: new Date() }).where(eq(orders.id, orderId))
		await tx.insert(orderEvents).values({
			orderId,
			kind: 'note',
			internal: true,
			body: `${access.email}: PO ${purchaseOrder || '–'} · omkostningssted ${costCentre || '–'}`,
		})
		return 'saved' as const
	})
	if (outcome !== 'saved') return { ok: false, reason: outcome }
	await announceOrder(services, orderId)
	return { ok: true }
}
