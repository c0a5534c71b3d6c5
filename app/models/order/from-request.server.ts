import { eq } from 'drizzle-orm'
import { documents, orderEvents, orders, requests } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import {
	addWorkingDays,
	todayInDenmark,
	workingDaysBetween,
	type CalendarDate,
} from '#app/models/calendar/working-days.ts'
import { acceptableDueDate, QuoteNotAcceptable, QuoteNotFound } from '#app/models/order/accept.server.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { sendOrderMails } from '#app/models/order/mail.server.ts'
import { currentTerms } from '#app/models/order/terms.server.ts'
import { findQuote } from '#app/models/quote/quote.server.ts'
import { newOrderKeys } from '#app/models/reference.server.ts'
import { changeRequestStatus, RequestNotFound } from '#app/models/request/inbox.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import type { Locale } from '#app/utils/locales.ts'
import { auditText } from '#app/models/audit/text.ts'

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl'>

// Staff turn a request with a quote into an order when the customer accepted it by mail or phone:
// on the quote's prices (also after its validity; staff decide), the request's contact details and
// the terms of business as they stand. The request is marked won and the customer gets the order
// mail with the link to the order page.
export async function orderFromRequest(
	services: Services,
	staff: Pick<Staff, 'id' | 'name'>,
	requestId: number,
	today: CalendarDate = todayInDenmark(),
) {
	const { db } = services
	const [request] = await db.select().from(requests).where(eq(requests.id, requestId))
	if (!request) throw new RequestNotFound()
	const quote = request.quoteId ? await findQuote(db, request.quoteId) : null
	if (!quote) throw new QuoteNotFound()
	const [existing] = await db.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quote.id))
	if (existing) return { id: existing.id, isNew: false }
	const dueDate = staffDueDate(quote, today, (await getSettings(db)).minDeliveryDays)
	const locale = request.locale as Locale
	const order = await db.transaction(async (tx) => {
		const [order] = await tx
			.insert(orders)
			.values({
				...newOrderKeys(),
				quoteId: quote.id,
				requestId,
				locale,
				customer: {
					name: request.name,
					email: request.email,
					phone: request.phone,
					kind: request.companyCvr ? 'company' : 'private',
					companyCvr: request.companyCvr,
					companyName: request.companyName,
					companyAddress: request.companyAddress,
					ean: request.ean,
					purchaseOrder: null,
				},
				terms: await currentTerms(tx, locale),
				fromLanguage: quote.fromLanguage,
				toLanguage: quote.toLanguage,
				dueDate,
			})
			.returning()
		await tx
			.insert(orderEvents)
			.values({ orderId: order!.id, kind: 'status', status: 'received', userName: staff.name })
		await tx.update(documents).set({ orderId: order!.id }).where(eq(documents.requestId, requestId))
		return order!
	})
	await changeRequestStatus(db, requestId, staff, 'won')
	await recordAudit(services, staff, {
		action: 'create',
		subjectType: 'order',
		subjectId: order.id,
		summary: `Order ${order.reference} from request ${request.reference}`,
		text: auditText('orderFromRequest', { reference: order.reference, request: request.reference }),
		changes: { request: request.reference },
	})
	await announceOrder(services, order.id)
	await sendOrderMails(services, order.id, 'confirmed')
	return { id: order.id, isNew: true }
}

// The quote's date when it still holds; else the normal pace from today. A part without a price
// still refuses: staff correct the count first.
function staffDueDate(
	quote: Parameters<typeof acceptableDueDate>[0],
	today: CalendarDate,
	minDeliveryDays: number,
): CalendarDate {
	try {
		return acceptableDueDate({ ...quote, validUntil: '9999-12-31' }, today, minDeliveryDays)
	} catch (error) {
		if (!(error instanceof QuoteNotAcceptable) || error.reason !== 'date-passed') throw error
		const quotedOn = todayInDenmark(quote.createdAt)
		return addWorkingDays(today, Math.max(1, workingDaysBetween(quotedOn, quote.details.quote.standardDate)))
	}
}
