import { desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { customers, orders, quotes, requests, type CustomerDetails } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import {
	CUSTOMER_PURPOSES,
	issueLink,
	normaliseEmail,
	takeLink,
	withdrawLinks,
	type LinkRow,
} from '#app/models/customer/links.server.ts'
import { endOtherCustomerSessions, startCustomerSession, type Customer } from '#app/models/customer/session.server.ts'
import { claimCompany, joinCompany } from '#app/models/customer/company.server.ts'
import { mailLink } from '#app/models/customer/mail.server.ts'
import { withdrawLive } from '#app/models/live/broadcast.server.ts'
import { companyColumns, resolveCompany } from '#app/models/company/search.server.ts'
import { CUSTOMER_FIELDS, typedLine } from '#app/models/request/form.ts'
import { INVOICE_EMAIL } from '#app/models/order/form.ts'
import type { Locale } from '#app/utils/locales.ts'

type Services = Pick<AppServices, 'db' | 'sendMail' | 'publicUrl'>
export const EmailSchema = z.object({ email: CUSTOMER_FIELDS.email })

// "Send me a link": the same answer whether the address has an account or not; only the limits
// (per address and per e-mail, the same for every address) can refuse.
export async function askForSignInLink(
	services: Services,
	input: { email: string; locale: Locale; ipHash: string },
): Promise<'sent' | 'invalid' | 'limited'> {
	const parsed = EmailSchema.safeParse({ email: input.email })
	if (!parsed.success) return 'invalid'
	const email = normaliseEmail(parsed.data.email)
	const token = await issueLink(services.db, { purpose: 'sign-in', email, ipHash: input.ipHash })
	if (!token) return 'limited'
	await mailLink(services, { to: email, kind: 'signIn', token, locale: input.locale })
	return 'sent'
}

export type LinkUse =
	| { ok: true; sessionToken: string; customer: { id: number; email: string }; purpose: LinkRow['purpose'] }
	| { ok: false; reason: 'unknown' | 'expired' | 'used' | 'taken'; email: string | null }

// The link from the mail signs this browser in (a fresh session, whatever it had before), as the
// address the link was sent to; a new-address link moves the account to it, an invitation adds
// the account to the company.
export async function spendLink(
	services: Pick<AppServices, 'db' | 'broadcast' | 'logger'>,
	token: string,
): Promise<LinkUse> {
	const { db } = services
	const taken = await takeLink(db, token)
	if (taken.state !== 'valid')
		return { ok: false, reason: taken.state, email: 'link' in taken ? taken.link.email : null }
	const { link } = taken
	let customer: { id: number; email: string }
	if (link.purpose === 'change-email') {
		const moved = await moveAccount(db, link.customerId!, link.email)
		if (!moved) return { ok: false, reason: 'taken', email: link.email }
		customer = moved
		await endOtherCustomerSessions(db, customer.id)
		await withdrawLive(services, { customerId: customer.id })
	} else {
		customer = await findOrCreateCustomer(db, link.email)
		if (link.purpose === 'invite' && link.companyId) await joinCompany(db, customer.id, link.companyId)
	}
	await withdrawLinks(db, link.email, ['sign-in'])
	return { ok: true, sessionToken: await startCustomerSession(db, customer.id), customer, purpose: link.purpose }
}

// The account moves to the new address; every link the old address was sent (to sign in, to
// join a company, to move elsewhere) is withdrawn, so a mailbox the customer left opens nothing.
async function moveAccount(db: Database, customerId: number, email: string) {
	const [other] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
	if (other && other.id !== customerId) return null
	const [before] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
	const [row] = await db
		.update(customers)
		.set({ email, updatedAt: new Date() })
		.where(eq(customers.id, customerId))
		.returning({ id: customers.id, email: customers.email })
	if (row && before && before.email !== row.email) await withdrawLinks(db, before.email, CUSTOMER_PURPOSES)
	return row ?? null
}

// The account of an e-mail, made the first time its link is used, with the details of the
// latest order (else request) made with that e-mail before.
export async function findOrCreateCustomer(db: Database, email: string): Promise<{ id: number; email: string }> {
	const address = normaliseEmail(email)
	const [existing] = await db
		.select({ id: customers.id, email: customers.email })
		.from(customers)
		.where(eq(customers.email, address))
	if (existing) return existing
	await db
		.insert(customers)
		.values({ email: address, details: await earlierDetails(db, address) })
		.onConflictDoNothing()
	const [row] = await db
		.select({ id: customers.id, email: customers.email })
		.from(customers)
		.where(eq(customers.email, address))
	return row!
}

const NO_DETAILS: CustomerDetails = {
	name: '',
	phone: '',
	companyCvr: null,
	companyName: null,
	companyAddress: null,
	ean: null,
	buyerReference: null,
}

async function earlierDetails(db: Database, email: string): Promise<CustomerDetails> {
	const [order] = await db
		.select({ customer: orders.customer })
		.from(orders)
		.where(sql`lower(${orders.customer}->>'email') = ${email}`)
		.orderBy(desc(orders.id))
		.limit(1)
	if (order) {
		const { name, phone, companyCvr, companyName, companyAddress, ean, buyerReference } = order.customer
		return { name, phone, companyCvr, companyName, companyAddress, ean, buyerReference: buyerReference ?? null }
	}
	const [request] = await db
		.select()
		.from(requests)
		.where(sql`lower(${requests.email}) = ${email}`)
		.orderBy(desc(requests.id))
		.limit(1)
	if (!request) return NO_DETAILS
	return {
		...NO_DETAILS,
		name: request.name,
		phone: request.phone,
		companyCvr: request.companyCvr,
		companyName: request.companyName,
		companyAddress: request.companyAddress,
		ean: request.ean,
	}
}

// "Change e-mail": a link to the new address; the account moves only when it is used.
export async function askToChangeEmail(
	services: Services,
	customer: Customer,
	input: { email: string; locale: Locale; ipHash: string },
): Promise<'sent' | 'invalid' | 'limited' | 'same'> {
	const parsed = EmailSchema.safeParse({ email: input.email })
	if (!parsed.success) return 'invalid'
	const email = normaliseEmail(parsed.data.email)
	if (email === customer.email) return 'same'
	const token = await issueLink(services.db, {
		purpose: 'change-email',
		email,
		ipHash: input.ipHash,
		customerId: customer.id,
	})
	if (!token) return 'limited'
	await mailLink(services, { to: email, kind: 'changeEmail', token, locale: input.locale })
	return 'sent'
}

export const DETAIL_FIELDS = [
	'name',
	'phone',
	'company_cvr',
	'company_query',
	'ean',
	'buyer_reference',
	'invoice_email',
] as const
export type DetailField = (typeof DETAIL_FIELDS)[number]
export const DetailsSchema = z.object({
	name: CUSTOMER_FIELDS.name,
	phone: CUSTOMER_FIELDS.phone,
	company_cvr: CUSTOMER_FIELDS.company_cvr,
	company_query: CUSTOMER_FIELDS.company_query,
	ean: CUSTOMER_FIELDS.ean,
	buyer_reference: typedLine(z.string().trim().max(60, 'too-long')),
	invoice_email: INVOICE_EMAIL,
})

export type DetailsResult =
	{ ok: true; company: 'created' | 'exists' | null } | { ok: false; errors: Partial<Record<DetailField, string>> }

// The contact details that prefill the next "Accept and order"; a company named here for the
// first time gets its account, managed by this one.
export async function saveDetails(
	db: Database,
	customer: Customer,
	fields: Record<DetailField, string>,
): Promise<DetailsResult> {
	const parsed = DetailsSchema.safeParse(fields)
	if (!parsed.success) {
		const errors: Partial<Record<DetailField, string>> = {}
		for (const issue of parsed.error.issues) errors[issue.path[0] as DetailField] ??= issue.message
		return { ok: false, errors }
	}
	const values = parsed.data
	const wantsCompany = Boolean(values.company_cvr || values.company_query)
	const company = wantsCompany ? await resolveCompany(db, values.company_cvr, values.company_query) : null
	if (wantsCompany && !company) return { ok: false, errors: { company_query: 'company' } }
	const details: CustomerDetails = {
		name: values.name,
		phone: values.phone,
		...companyColumns(company),
		ean: values.ean || null,
		buyerReference: values.buyer_reference || null,
		invoiceEmail: values.invoice_email.toLowerCase() || null,
	}
	await db.update(customers).set({ details, updatedAt: new Date() }).where(eq(customers.id, customer.id))
	if (!company || customer.companyId) return { ok: true, company: null }
	return {
		ok: true,
		company: await claimCompany(db, customer.id, { cvr: Number(company.vat_number), name: company.name }),
	}
}

// A quote saved while signed in belongs to the account (and its company's members see it).
export async function claimQuote(db: Database, quoteId: string, customerId: number) {
	await db.update(quotes).set({ customerId }).where(eq(quotes.id, quoteId))
}

// What "Accept and order" starts with for a signed-in customer: their details as last given.
export function acceptPrefill(customer: Customer) {
	const { details } = customer
	const cvr = details.companyCvr ? String(details.companyCvr) : ''
	return {
		name: details.name,
		email: customer.email,
		phone: details.phone,
		customer_kind: cvr ? 'company' : 'private',
		company_cvr: cvr,
		company_query: cvr,
		ean: details.ean ?? '',
		buyer_reference: details.buyerReference ?? '',
		invoice_email: details.invoiceEmail ?? '',
	}
}
