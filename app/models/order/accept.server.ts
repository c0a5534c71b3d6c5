import { and, eq, isNull } from 'drizzle-orm'
import { documents, orderEvents, orders, type OrderCustomer } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { resolveCompany, companyColumns } from '#app/models/company/search.server.ts'
import {
	addWorkingDays,
	asCalendarDate,
	todayInDenmark,
	workingDaysBetween,
	type CalendarDate,
} from '#app/models/calendar/working-days.ts'
import { earliestDeliveryDate } from '#app/models/quote/rules.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { sendOrderMails } from '#app/models/order/mail.server.ts'
import { AcceptOrderSchema, type AcceptField, type AcceptOrderValues } from '#app/models/order/form.ts'
import { isDanishVatNumber, readEuVatNumber } from '#app/models/company/eu-vat.ts'
import { currentTerms } from '#app/models/order/terms.server.ts'
import { findQuote } from '#app/models/quote/quote.server.ts'
import { newOrderKeys } from '#app/models/reference.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { ORDERS_STREAM } from '#app/utils/cable.ts'
import type { Locale } from '#app/utils/locales.ts'

export class QuoteNotFound extends Error {}

// Why a quote can no longer be accepted as it stands: it has expired, the delivery date it was
// priced for is too close now, part of it still waits for a person's price, or a manager of the
// company it names declined it. The page offers a fresh quote instead.
export class QuoteNotAcceptable extends Error {
	readonly reason: 'expired' | 'date-passed' | 'not-final' | 'declined'
	constructor(reason: QuoteNotAcceptable['reason']) {
		super(reason)
		this.reason = reason
	}
}

export type AcceptResult =
	| { ok: true; token: string; reference: string; isNew: boolean }
	| { ok: false; errors: Partial<Record<AcceptField, string>>; approvalId?: undefined }
	// Not ordered: sent to the company's managers for approval (app/models/customer/approvals.server.ts).
	| { ok: false; errors: Partial<Record<AcceptField, string>>; approvalId: number }

// Before an order is made from checked details: a company's rule may hold it for approval instead.
export type AcceptGate = (customer: OrderCustomer, quote: { id: string; total: number }) => Promise<number | null>

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl'>

// The customer accepts a saved quote: an order with the prices frozen as quoted, the customer's
// details and the terms they accepted, its documents kept with it, and a mail to both sides.
// Accepting the same quote twice (a double click, a second tab) gives the same order.
export async function acceptQuote(
	services: Services,
	quoteId: string,
	fields: Record<AcceptField, string>,
	locale: Locale,
	today = todayInDenmark(),
	gate?: AcceptGate,
): Promise<AcceptResult> {
	const { db } = services
	const quote = await findQuote(db, quoteId)
	if (!quote) throw new QuoteNotFound()
	const existing = await orderOfQuote(services, quote.id)
	if (existing) return { ok: true, ...existing, isNew: false }
	const dueDate = acceptableDueDate(quote, today, (await getSettings(db)).minDeliveryDays)

	const parsed = AcceptOrderSchema.safeParse(fields)
	if (!parsed.success)
		return { ok: false, errors: Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])) }
	const values = parsed.data
	const customer = values.foreign ? foreignCustomer(values) : await danishCustomer(db, values)
	if ('errors' in customer) return { ok: false, errors: customer.errors }
	const approvalId = gate ? await gate(customer, { id: quote.id, total: quote.details.quote.total }) : null
	if (approvalId !== null) return { ok: false, errors: {}, approvalId }
	const terms = await currentTerms(db, locale)
	const created = await db
		.transaction(async (tx) => {
			const [order] = await tx
				.insert(orders)
				.values({
					...newOrderKeys(),
					quoteId: quote.id,
					locale,
					customer,
					terms,
					fromLanguage: quote.fromLanguage,
					toLanguage: quote.toLanguage,
					dueDate,
				})
				.returning()
			await tx.insert(orderEvents).values({ orderId: order!.id, kind: 'status', status: 'received' })
			await tx
				.update(documents)
				.set({ orderId: order!.id })
				.where(and(eq(documents.draftId, quote.draftId), isNull(documents.orderId)))
			return order!
		})
		.catch(async (error: unknown) => {
			// The same quote accepted at the same moment elsewhere: that order stands.
			const raced = await orderOfQuote(services, quote.id)
			if (raced) return null
			throw error
		})
	if (!created) return { ok: true, ...(await orderOfQuote(services, quote.id))!, isNew: false }
	await broadcastTo(services, ORDERS_STREAM, { type: 'order', id: created.id })
	await sendOrderMails(services, created.id, 'confirmed')
	return { ok: true, token: created.token, reference: created.reference, isNew: true }
}

type Values = AcceptOrderValues

async function danishCustomer(db: Services['db'], values: Values): Promise<OrderCustomer | Refusal> {
	const company =
		values.customer_kind === 'company' ? await resolveCompany(db, values.company_cvr, values.company_query) : null
	if (values.customer_kind === 'company' && !company) return { errors: { company_query: 'company' } }
	const ean = company && values.ean ? values.ean : null
	// OIOUBL: a public body's e-invoice names its order or requisition number and a person reference.
	if (ean && (!values.purchase_order || !values.buyer_reference))
		return {
			errors: {
				...(values.purchase_order ? {} : { purchase_order: 'ean-order' }),
				...(values.buyer_reference ? {} : { buyer_reference: 'ean-reference' }),
			},
		}
	return {
		name: values.name,
		email: values.email,
		phone: values.phone,
		kind: values.customer_kind,
		...companyColumns(company),
		ean,
		purchaseOrder: values.purchase_order || null,
		costCentre: values.cost_centre || null,
		invoiceEmail: values.invoice_email.toLowerCase() || null,
		buyerReference: ean ? values.buyer_reference : null,
	}
}

type Refusal = { errors: Partial<Record<AcceptField, string>> }

// A business in another EU country: its name, address and a VAT number of its country that passes
// the country's check; a Danish number is told to order as a Danish company instead.
function foreignCustomer(values: Values): OrderCustomer | Refusal {
	const vat = readEuVatNumber(values.vat_number)
	const errors: Refusal['errors'] = {}
	if (!values.foreign_name) errors.foreign_name = 'required'
	if (!values.foreign_address) errors.foreign_address = 'required'
	if (!vat) errors.vat_number = isDanishVatNumber(values.vat_number) ? 'vat-danish' : 'vat-number'
	if (!vat || Object.keys(errors).length > 0) return { errors }
	return {
		name: values.name,
		email: values.email,
		phone: values.phone,
		kind: 'foreign',
		companyCvr: null,
		companyName: values.foreign_name,
		companyAddress: values.foreign_address,
		ean: null,
		purchaseOrder: values.purchase_order || null,
		costCentre: values.cost_centre || null,
		invoiceEmail: values.invoice_email.toLowerCase() || null,
		vatNumber: vat.value,
		country: vat.country,
	}
}

async function orderOfQuote({ db }: Pick<AppServices, 'db'>, quoteId: string) {
	const [order] = await db
		.select({ token: orders.token, reference: orders.reference })
		.from(orders)
		.where(eq(orders.quoteId, quoteId))
	return order ?? null
}

type SavedQuote = NonNullable<Awaited<ReturnType<typeof findQuote>>>

// The delivery date the order promises: the date the quote was priced for, or, without one, as
// many working days from today as the quote's standard date was from the day it was made. A chosen
// date must still be as far off (in working days, up to the normal pace) as when it was priced:
// otherwise its express surcharge no longer fits, and the customer gets a fresh quote.
export function acceptableDueDate(
	quote: Pick<SavedQuote, 'validUntil' | 'deliveryDate' | 'createdAt' | 'details'>,
	today: CalendarDate,
	minDeliveryDays: number,
): CalendarDate {
	if (quote.validUntil < today) throw new QuoteNotAcceptable('expired')
	const { hasManual, isPending, standardDate } = quote.details.quote
	if (hasManual || isPending) throw new QuoteNotAcceptable('not-final')
	const quotedOn = todayInDenmark(quote.createdAt)
	const days = Math.max(1, workingDaysBetween(quotedOn, standardDate))
	const chosen = asCalendarDate(quote.deliveryDate)
	if (!chosen) return addWorkingDays(today, days)
	const needed = Math.min(days, workingDaysBetween(quotedOn, chosen))
	if (chosen < earliestDeliveryDate(today, minDeliveryDays) || workingDaysBetween(today, chosen) < needed)
		throw new QuoteNotAcceptable('date-passed')
	return chosen
}

// Whether the quote can be accepted today, and the delivery date it would promise; or the
// order it already became.
export async function acceptanceOf(db: AppServices['db'], quote: SavedQuote, today = todayInDenmark()) {
	const order = await orderOfQuote({ db }, quote.id)
	if (order) return { order, dueDate: null, refusal: null }
	try {
		return {
			order: null,
			dueDate: acceptableDueDate(quote, today, (await getSettings(db)).minDeliveryDays),
			refusal: null,
		}
	} catch (error) {
		if (error instanceof QuoteNotAcceptable) return { order: null, dueDate: null, refusal: error.reason }
		throw error
	}
}
