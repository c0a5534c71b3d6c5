import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { customerCompanies, customers, orderApprovals, quotes } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import type { Customer } from '#app/models/customer/session.server.ts'
import { acceptQuote, QuoteNotAcceptable, type AcceptGate } from '#app/models/order/accept.server.ts'
import type { AcceptField } from '#app/models/order/form.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { customerSignoff, mailText } from '#app/models/mail-text.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { customerStream } from '#app/utils/cable.ts'
import { formatPrice } from '#app/utils/format.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'
import { parseAmount } from '#app/models/invoice/amounts.ts'

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl'>

// The company's rule as its manager sets it, in the page's language: an amount without VAT
// ("25.000" on the Danish page, "25,000" on the English one), or empty for none.
export const approvalLimitSchema = (locale: Locale) =>
	z
		.string()
		.trim()
		.transform((value) => (value === '' ? { none: true as const } : { amount: parseAmount(value, locale) }))
		.refine((value) => 'none' in value || (value.amount !== null && value.amount >= 0 && value.amount < 1e8), 'amount')
		.transform((value) => ('none' in value ? null : (value.amount as number)))

export async function setApprovalLimit(db: Database, manager: Customer, value: string, locale: Locale) {
	if (!manager.companyId || !manager.managesCompany) return 'refused' as const
	const parsed = approvalLimitSchema(locale).safeParse(value)
	if (!parsed.success) return 'invalid' as const
	await db
		.update(customerCompanies)
		.set({ approvalLimit: parsed.data })
		.where(eq(customerCompanies.id, manager.companyId))
	return 'saved' as const
}

// "Accept and order" for a company above its limit, by anyone but one of its managers signed in:
// held for approval (the same quote asked twice is the same approval), and the managers are
// mailed. The rule is the company's, not the browser's: a colleague signed out, in a private
// window, or typing someone else's e-mail is held the same (an address typed in a form proves
// nobody is a manager). A quote whose approval waits is held again; one a manager declined is not
// ordered at all. A manager's own acceptance decides what waited. Anything else goes on to be an
// order.
export function approvalGate(services: Services, account: Customer | null, locale: Locale): AcceptGate {
	return async (customer, quote) => {
		const company = await ruledCompanyOf(services.db, customer)
		if (!company) return null
		const earlier = await latestApprovalOf(services.db, quote.id, company.id)
		const isManager = Boolean(account?.managesCompany && account.companyId === company.id)
		if (earlier?.status === 'declined') throw new QuoteNotAcceptable('declined')
		if (isManager) {
			if (earlier?.status === 'pending') await approveByOrdering(services, earlier.id, account!)
			return null
		}
		if (earlier?.status === 'pending') return earlier.id
		if (quote.total <= company.approvalLimit) return null
		const isColleague = account?.companyId === company.id
		const [created] = await services.db
			.insert(orderApprovals)
			.values({
				quoteId: quote.id,
				companyId: company.id,
				requesterId: isColleague ? account!.id : null,
				requesterName: customer.name || customer.email,
				locale,
				fields: { ...fieldsOf(customer), email: isColleague ? account!.email : customer.email },
				total: quote.total,
			})
			.onConflictDoNothing()
			.returning({ id: orderApprovals.id })
		if (!created) return (await pendingOfQuote(services.db, quote.id))!
		await mailManagers(services, company.id, {
			requester: customer.name || customer.email,
			total: quote.total,
			locale,
		})
		await announceCompany(services, company.id)
		return created.id
	}
}

// The company an acceptance names by its CVR, when it has an account with a rule for large orders.
async function ruledCompanyOf(db: Database, customer: Parameters<AcceptGate>[0]) {
	if (customer.kind !== 'company' || !customer.companyCvr) return null
	const [company] = await db.select().from(customerCompanies).where(eq(customerCompanies.cvr, customer.companyCvr))
	return company && company.approvalLimit !== null ? { id: company.id, approvalLimit: company.approvalLimit } : null
}

const latestApprovalOf = async (db: Database, quoteId: string, companyId: number) => {
	const [row] = await db
		.select({ id: orderApprovals.id, status: orderApprovals.status })
		.from(orderApprovals)
		.where(and(eq(orderApprovals.quoteId, quoteId), eq(orderApprovals.companyId, companyId)))
		.orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.id))
		.limit(1)
	return row ?? null
}

// A manager who orders a quote that waited for them has approved it.
async function approveByOrdering(services: Services, approvalId: number, manager: Customer) {
	await services.db
		.update(orderApprovals)
		.set({ status: 'approved', decidedByName: manager.details.name || manager.email, decidedAt: new Date() })
		.where(and(eq(orderApprovals.id, approvalId), eq(orderApprovals.status, 'pending')))
}

// Whether a quote waits for a company's manager, or was declined by one: what its page says
// instead of the form.
export async function approvalOfQuote(db: Database, quoteId: string) {
	const [row] = await db
		.select({ status: orderApprovals.status, note: orderApprovals.note, decidedBy: orderApprovals.decidedByName })
		.from(orderApprovals)
		.where(eq(orderApprovals.quoteId, quoteId))
		.orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.id))
		.limit(1)
	return row && (row.status === 'pending' || row.status === 'declined') ? row : null
}

async function pendingOfQuote(db: Database, quoteId: string) {
	const [row] = await db
		.select({ id: orderApprovals.id })
		.from(orderApprovals)
		.where(and(eq(orderApprovals.quoteId, quoteId), eq(orderApprovals.status, 'pending')))
	return row?.id ?? null
}

// What "Accept and order" is sent again with when a manager approves: the colleague's own details.
function fieldsOf(customer: Parameters<AcceptGate>[0]): Record<string, string> {
	return {
		name: customer.name,
		phone: customer.phone,
		customer_kind: 'company',
		company_cvr: customer.companyCvr ? String(customer.companyCvr) : '',
		company_query: customer.companyCvr ? String(customer.companyCvr) : '',
		ean: customer.ean ?? '',
		purchase_order: customer.purchaseOrder ?? '',
		cost_centre: customer.costCentre ?? '',
		invoice_email: customer.invoiceEmail ?? '',
		buyer_reference: customer.buyerReference ?? '',
		foreign: '',
		foreign_name: '',
		foreign_address: '',
		vat_number: '',
		terms: 'on',
	}
}

// The company's managers, read now (one who stopped managing a moment ago is not one).
async function managersOf(db: Database, companyId: number) {
	return db
		.select({ id: customers.id, email: customers.email })
		.from(customers)
		.where(and(eq(customers.companyId, companyId), eq(customers.managesCompany, true)))
}

async function mailManagers(
	services: Services,
	companyId: number,
	approval: { requester: string; total: number; locale: Locale },
) {
	const settings = await getSettings(services.db)
	const { locale } = approval
	for (const manager of await managersOf(services.db, companyId)) {
		const url = `${services.publicUrl}${pathFor('account', locale)}#approvals`
		services.sendMail({
			to: manager.email,
			replyTo: settings.email,
			subject: mailText(locale, 'mail.approval.askSubject', { name: approval.requester }),
			text: [
				mailText(locale, 'mail.approval.ask', {
					name: approval.requester,
					total: formatPrice(approval.total, settings.currency, locale),
					url,
				}),
				customerSignoff(services.publicUrl, locale, settings.agencyName),
			].join('\n\n'),
		})
	}
}

async function announceCompany(services: Services, companyId: number) {
	const members = await services.db
		.select({ id: customers.id })
		.from(customers)
		.where(eq(customers.companyId, companyId))
	for (const member of members) await broadcastTo(services, customerStream(member.id), { type: 'approval' })
}

// What an account sees of its company's approvals: a manager all that wait (and the latest
// decided), a colleague their own, both only while they belong to the company.
export async function approvalsFor(db: Database, account: Customer, today = todayInDenmark()) {
	if (!account.companyId) return []
	const mine = account.managesCompany ? undefined : eq(orderApprovals.requesterId, account.id)
	const rows = await db
		.select({ approval: orderApprovals, validUntil: quotes.validUntil, details: quotes.details })
		.from(orderApprovals)
		.innerJoin(quotes, eq(quotes.id, orderApprovals.quoteId))
		.where(
			and(
				eq(orderApprovals.companyId, account.companyId),
				sql`${orderApprovals.companyId} = (select company_id from customers where id = ${account.id})`,
				mine,
			),
		)
		.orderBy(desc(orderApprovals.createdAt))
		.limit(50)
	return rows
		.filter(
			({ approval }) =>
				approval.status === 'pending' ||
				(approval.decidedAt && Date.now() - approval.decidedAt.getTime() < 30 * 86_400_000),
		)
		.map(({ approval, validUntil, details }) => {
			const documents = (details as { documents?: { name: string }[] }).documents ?? []
			return {
				id: approval.id,
				quoteId: approval.quoteId,
				requester: approval.requesterName,
				total: approval.total,
				status: approval.status === 'pending' && validUntil < today ? ('expired' as const) : approval.status,
				validUntil,
				firstDocument: documents[0]?.name ?? null,
				moreDocuments: Math.max(0, documents.length - 1),
				note: approval.note,
				decidedBy: approval.decidedByName,
				createdAt: approval.createdAt.toISOString(),
				mayDecide: account.managesCompany && approval.status === 'pending' && validUntil >= today,
			}
		})
}

export type ApprovalView = Awaited<ReturnType<typeof approvalsFor>>[number]

export const DecisionSchema = z.object({
	decision: z.enum(['approve', 'decline']),
	note: z.string().trim().max(1000, 'too-long'),
})

export type DecisionResult =
	| { ok: true; decision: 'approve'; reference: string }
	| { ok: true; decision: 'decline' }
	| { ok: false; reason: 'not-found' | 'expired' | 'note' | 'refused' }

// A manager decides: approving makes the order from the colleague's details (the quote must still
// be valid), declining tells the colleague why. Either way the colleague is mailed, and the
// accounts of the company see it at once.
export async function decideApproval(
	services: Services,
	manager: Customer,
	approvalId: number,
	input: { decision: 'approve' | 'decline'; note: string },
): Promise<DecisionResult> {
	const { db } = services
	if (!manager.companyId || !manager.managesCompany) return { ok: false, reason: 'not-found' }
	if (input.decision === 'decline' && !input.note) return { ok: false, reason: 'note' }
	const [claimed] = await db
		.update(orderApprovals)
		.set({
			status: input.decision === 'approve' ? 'approved' : 'declined',
			decidedByName: manager.details.name || manager.email,
			note: input.note,
			decidedAt: new Date(),
		})
		.where(
			and(
				eq(orderApprovals.id, approvalId),
				eq(orderApprovals.status, 'pending'),
				eq(orderApprovals.companyId, manager.companyId),
				sql`exists (select 1 from customers m where m.id = ${manager.id} and m.company_id = ${orderApprovals.companyId} and m.manages_company)`,
			),
		)
		.returning()
	if (!claimed) return { ok: false, reason: 'not-found' }
	let result: DecisionResult = { ok: true, decision: 'decline' }
	if (input.decision === 'approve') {
		try {
			const accepted = await acceptQuote(
				services,
				claimed.quoteId,
				claimed.fields as Record<AcceptField, string>,
				claimed.locale as Locale,
			)
			if (!accepted.ok) throw new QuoteNotAcceptable('not-final')
			await db
				.update(orderApprovals)
				.set({ orderId: sql`(select id from orders where token = ${accepted.token})` })
				.where(eq(orderApprovals.id, claimed.id))
			result = { ok: true, decision: 'approve', reference: accepted.reference }
		} catch (error) {
			if (!(error instanceof QuoteNotAcceptable)) throw error
			await db.update(orderApprovals).set({ status: 'expired' }).where(eq(orderApprovals.id, claimed.id))
			result = { ok: false, reason: 'expired' }
		}
	}
	await mailRequester(services, claimed, result)
	await announceCompany(services, claimed.companyId)
	return result
}

async function mailRequester(services: Services, approval: typeof orderApprovals.$inferSelect, result: DecisionResult) {
	const email = approval.fields.email
	if (!email) return
	const settings = await getSettings(services.db)
	const locale = approval.locale as Locale
	const key = result.ok ? (result.decision === 'approve' ? 'approved' : 'declined') : 'expired'
	services.sendMail({
		to: email,
		replyTo: settings.email,
		subject: mailText(locale, `mail.approval.${key}Subject`),
		text: [
			mailText(locale, `mail.approval.${key}`, {
				name: approval.decidedByName ?? '',
				note: approval.note,
				reference: result.ok && result.decision === 'approve' ? result.reference : '',
			}),
			customerSignoff(services.publicUrl, locale, settings.agencyName),
		].join('\n\n'),
	})
}

// A colleague removed from the company takes their waiting approvals with them.
export async function withdrawApprovalsOf(db: Database, customerId: number) {
	await db
		.update(orderApprovals)
		.set({ status: 'withdrawn', decidedAt: new Date() })
		.where(and(eq(orderApprovals.requesterId, customerId), inArray(orderApprovals.status, ['pending'])))
}
