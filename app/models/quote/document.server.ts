import { desc, eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { orders, requests } from '#database/schema.ts'
import { getSettings } from '#app/models/site.server.ts'
import { currentTerms, TERMS_SLUG } from '#app/models/order/terms.server.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'

export type QuoteParties = {
	agency: { name: string; address: string; cvr: string; email: string; phone: string }
	// Who the quote is for, where the site knows it: the request it was sent with, or the order.
	customer: { name: string; company: string | null; email: string } | null
	terms: { title: string; version: string; url: string }
}

// Everything a quote document names besides its lines: the agency, the customer if known, and the
// terms of business it is given on (their address and the version in force).
export async function quoteParties(
	db: Database,
	quoteId: string,
	locale: Locale,
	publicUrl: string,
): Promise<QuoteParties> {
	const [settings, terms, [request], [order]] = await Promise.all([
		getSettings(db),
		currentTerms(db, locale),
		db
			.select({ name: requests.name, company: requests.companyName, email: requests.email })
			.from(requests)
			.where(eq(requests.quoteId, quoteId))
			.orderBy(desc(requests.id))
			.limit(1),
		db.select({ customer: orders.customer }).from(orders).where(eq(orders.quoteId, quoteId)).limit(1),
	])
	const customer = order
		? { name: order.customer.name, company: order.customer.companyName, email: order.customer.email }
		: (request ?? null)
	return {
		agency: {
			name: settings.agencyName,
			address: settings.address,
			cvr: settings.cvr,
			email: settings.email,
			phone: settings.phone,
		},
		customer,
		terms: {
			title: terms.title,
			version: terms.sha256.slice(0, 12),
			url: `${publicUrl}${pathFor('page', locale, { slug: TERMS_SLUG[locale] })}`,
		},
	}
}
