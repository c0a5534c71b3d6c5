import { and, count, desc, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { invoices, orderDownloads, orderFiles, orders, quotes, requests } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { orderStream } from '#app/utils/cable.ts'
import { addCalendarDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { invoiceStatusOf, owedOn } from '#app/models/invoice/statuses.ts'
import { getSettings } from '#app/models/site.server.ts'
import type { Customer } from '#app/models/customer/session.server.ts'
import { inCustomersDelivery } from '#app/models/order/delivery.server.ts'
import {
	invoiceConditions,
	orderConditions,
	quoteConditions,
	type AccountFilter,
} from '#app/models/customer/account-filter.server.ts'

export const ACCOUNT_PAGE_SIZE = 25

// Who a signed-in customer is to the records: their own e-mail, and their company's orders when
// they belong to one (the orders with its CVR made by one of its current members, read by the query).
export type Access = { customerId: number; email: string; companyId: number | null }

export const accessOf = (customer: Pick<Customer, 'id' | 'email' | 'companyId'>): Access => ({
	customerId: customer.id,
	email: customer.email,
	companyId: customer.companyId,
})

const orderEmail = sql`lower(${orders.customer}->>'email')`

// The orders an account may see, as one condition every list and download uses. The company part
// is read from the account's row at query time, so a colleague removed a moment ago sees only
// their own, even with an access read before.
export function orderScope(access: Access): SQL {
	const own = sql`${orderEmail} = ${access.email}`
	if (!access.companyId) return own
	return or(
		own,
		and(
			sql`${orders.customer}->>'companyCvr' = (select cc.cvr::text from customer_companies cc join customers me on me.company_id = cc.id where me.id = ${access.customerId})`,
			sql`${orderEmail} in (select m.email from customers m join customers me on me.company_id = m.company_id where me.id = ${access.customerId})`,
		),
	)!
}

const NO_FILTER: AccountFilter = { q: '', state: '' }

// The pair's names in both languages, read with the row (the page picks its own).
const languagePair = (from: SQLWrapper, to: SQLWrapper) =>
	sql<{
		fromDa: string
		fromEn: string
		toDa: string
		toEn: string
	} | null>`(select case when f.code is null or t.code is null then null else json_build_object('fromDa', f.name_da, 'fromEn', f.name_en, 'toDa', t.name_da, 'toEn', t.name_en) end from (select 1) one left join languages f on f.code = ${from} left join languages t on t.code = ${to})`

const pageOf = (page: number) => ({ limit: ACCOUNT_PAGE_SIZE, offset: (Math.max(1, page) - 1) * ACCOUNT_PAGE_SIZE })

// The orders, newest first, with the delivered files still kept and who ordered each.
export async function accountOrders(
	db: Database,
	access: Access,
	page = 1,
	filter: AccountFilter = NO_FILTER,
	onlyId: number | null = null,
) {
	const scope = and(orderScope(access), ...orderConditions(filter), onlyId ? eq(orders.id, onlyId) : undefined)!
	const [rows, [total], settings] = await Promise.all([
		db
			.select({
				id: orders.id,
				reference: orders.reference,
				token: orders.token,
				status: orders.status,
				dueDate: orders.dueDate,
				createdAt: orders.createdAt,
				deliveredAt: orders.deliveredAt,
				fromLanguage: orders.fromLanguage,
				toLanguage: orders.toLanguage,
				pair: languagePair(orders.fromLanguage, orders.toLanguage),
				quoteId: orders.quoteId,
				customer: orders.customer,
				invoiced: sql<boolean>`exists (select 1 from invoices i where i.order_id = "orders"."id")`,
			})
			.from(orders)
			.where(scope)
			.orderBy(desc(orders.id))
			.limit(pageOf(page).limit)
			.offset(pageOf(page).offset),
		db.select({ n: count() }).from(orders).where(scope),
		getSettings(db),
	])
	const delivered = rows.filter((row) => row.deliveredAt && row.status !== 'cancelled').map((row) => row.id)
	const files = delivered.length
		? await db
				.select({ id: orderFiles.id, orderId: orderFiles.orderId, name: orderFiles.name, size: orderFiles.size })
				.from(orderFiles)
				.where(and(inArray(orderFiles.orderId, delivered), inCustomersDelivery))
				.orderBy(orderFiles.createdAt)
		: []
	return {
		total: total?.n ?? 0,
		rows: rows.map((row) => {
			const own = row.customer.email.toLowerCase() === access.email
			return {
				id: row.id,
				reference: row.reference,
				// Only the one who ordered holds the order's own link; colleagues see it here.
				token: own ? row.token : null,
				status: row.status,
				dueDate: row.dueDate,
				createdAt: row.createdAt.toISOString(),
				pair: row.pair,
				company: row.customer.companyName,
				purchaseOrder: row.customer.purchaseOrder ?? null,
				costCentre: row.customer.costCentre ?? null,
				// A company's order takes its PO and cost centre until it is invoiced.
				canSetReferences: Boolean(row.customer.companyName) && !row.invoiced && row.status !== 'cancelled',
				orderedBy: own ? null : row.customer.name,
				files: files.filter((file) => file.orderId === row.id).map(({ orderId: _, ...file }) => file),
				keptUntil: row.deliveredAt
					? addCalendarDays(todayInDenmark(row.deliveredAt), settings.deliveryRetentionDays)
					: null,
			}
		}),
	}
}

// The quotes: saved while signed in, or sent with a request or ordered under the account's e-mail
// (and the company's, for its members).
export function quoteScope(access: Access): SQL {
	const savers = access.companyId
		? sql`${quotes.customerId} in (select m.id from customers m join customers me on me.company_id = m.company_id where me.id = ${access.customerId})`
		: sql`${quotes.customerId} = ${access.customerId}`
	return or(
		savers,
		sql`${quotes.id} in (select ${requests.quoteId} from ${requests} where lower(${requests.email}) = ${access.email})`,
		sql`${quotes.id} in (select ${orders.quoteId} from ${orders} where ${orderScope(access)})`,
	)!
}

export async function accountQuotes(
	db: Database,
	access: Access,
	page = 1,
	filter: AccountFilter = NO_FILTER,
	today = todayInDenmark(),
) {
	const scope = and(quoteScope(access), ...quoteConditions(filter, today))!
	const [rows, [total]] = await Promise.all([
		db
			.select({
				id: quotes.id,
				createdAt: quotes.createdAt,
				validUntil: quotes.validUntil,
				currency: quotes.currency,
				details: quotes.details,
				copies: quotes.copies,
				deliveryDate: quotes.deliveryDate,
				pair: languagePair(quotes.fromLanguage, quotes.toLanguage),
				ordered: sql<boolean>`exists (select 1 from orders o where o.quote_id = "quotes"."id")`,
			})
			.from(quotes)
			.where(scope)
			.orderBy(desc(quotes.createdAt))
			.limit(pageOf(page).limit)
			.offset(pageOf(page).offset),
		db.select({ n: count() }).from(quotes).where(scope),
	])
	return {
		total: total?.n ?? 0,
		rows: rows.map((row) => {
			const details = row.details as {
				quote?: { total?: number }
				documents?: { name: string }[]
			}
			return {
				id: row.id,
				// A quote is known by its first document (and how many more) and its date.
				firstDocument: details.documents?.[0]?.name ?? null,
				moreDocuments: Math.max(0, (details.documents?.length ?? 0) - 1),
				pair: row.pair,
				createdAt: row.createdAt.toISOString(),
				validUntil: row.validUntil,
				expired: row.validUntil < today,
				ordered: Boolean(row.ordered),
				total: details.quote?.total ?? null,
				currency: row.currency,
				copies: row.copies,
				deliveryDate: row.deliveryDate,
			}
		}),
	}
}

// Invoices and credit notes of the orders the account sees, with the status the customer is told.
export async function accountInvoices(
	db: Database,
	access: Access,
	page = 1,
	filter: AccountFilter = NO_FILTER,
	today = todayInDenmark(),
) {
	const scope = and(orderScope(access), ...invoiceConditions(filter))!
	const [rows, [total]] = await Promise.all([
		db
			.select({
				invoice: invoices,
				reference: orders.reference,
				costCentre: sql<string | null>`${orders.customer}->>'costCentre'`,
			})
			.from(invoices)
			.innerJoin(orders, eq(orders.id, invoices.orderId))
			.where(scope)
			.orderBy(desc(invoices.issueDate), desc(invoices.id))
			.limit(pageOf(page).limit)
			.offset(pageOf(page).offset),
		db.select({ n: count() }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(scope),
	])
	return {
		total: total?.n ?? 0,
		rows: rows.map(({ invoice, reference, costCentre }) => ({
			id: invoice.id,
			kind: invoice.kind,
			number: invoice.number,
			orderReference: reference,
			purchaseOrder: invoice.purchaseOrder,
			costCentre,
			issueDate: invoice.issueDate,
			dueDate: invoice.dueDate,
			total: invoice.total,
			currency: invoice.currency,
			status: invoiceStatusOf(invoice, today),
			// What is still to pay, reminder fees and interest included.
			owed: invoice.kind === 'invoice' && !invoice.credited ? owedOn(invoice) : 0,
			hasOioubl: Boolean(invoice.buyer.ean),
		})),
	}
}

// One order, when the account may see it (and it was not cancelled).
export async function orderForAccount(db: Database, access: Access, orderId: number) {
	const [row] = await db
		.select({ id: orders.id, reference: orders.reference, status: orders.status })
		.from(orders)
		.where(and(eq(orders.id, orderId), ne(orders.status, 'cancelled'), orderScope(access)))
	return row ?? null
}

// One order as the account's page of it shows it: the list's facts, its delivered files (while
// kept) and, for the one who ordered, its own link. Null when the account may not see it.
export async function accountOrder(db: Database, access: Access, orderId: number) {
	const found = await accountOrders(db, access, 1, { q: '', state: '' }, orderId)
	return found.rows[0] ?? null
}

// One invoice, when the account may see it.
export async function invoiceForAccount(db: Database, access: Access, invoiceId: number) {
	const [row] = await db
		.select({ invoice: invoices })
		.from(invoices)
		.innerJoin(orders, eq(orders.id, invoices.orderId))
		.where(and(eq(invoices.id, invoiceId), orderScope(access)))
	return row?.invoice ?? null
}

// One delivered file, when the account may see its order and the file is still kept.
export async function deliveryForAccount(db: Database, access: Access, fileId: string) {
	if (!/^[0-9a-f-]{36}$/.test(fileId)) return null
	const [row] = await db
		.select({ file: orderFiles })
		.from(orderFiles)
		.innerJoin(orders, eq(orders.id, orderFiles.orderId))
		.where(and(eq(orderFiles.id, fileId), ne(orders.status, 'cancelled'), inCustomersDelivery, orderScope(access)))
	return row?.file ?? null
}

// The account downloads a delivered file: logged, and an open admin page of the order shows it.
export async function downloadForAccount(
	services: Pick<AppServices, 'db' | 'broadcast' | 'logger'>,
	access: Access,
	fileId: string,
	addressKey: string,
) {
	const file = await deliveryForAccount(services.db, access, fileId)
	if (!file) return null
	await services.db.insert(orderDownloads).values({ fileId, addressKey })
	await broadcastTo(services, orderStream(file.orderId), { type: 'download', id: file.orderId })
	return file
}
