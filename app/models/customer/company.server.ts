import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { customerCompanies, customerLinks, customers } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { broadcastTo, withdrawLive } from '#app/models/live/broadcast.server.ts'
import type { Customer } from '#app/models/customer/session.server.ts'
import { issueLink, normaliseEmail, withdrawLinks } from '#app/models/customer/links.server.ts'
import { customerStream } from '#app/utils/cable.ts'
import type { Locale } from '#app/utils/locales.ts'
import { mailLink } from '#app/models/customer/mail.server.ts'
import { CUSTOMER_FIELDS } from '#app/models/request/form.ts'
import { withdrawApprovalsOf } from '#app/models/customer/approvals.server.ts'

// An account with a company (CVR) in its details becomes the company's first account, which
// manages who belongs; when the company has an account already, joining takes an invitation.
export async function claimCompany(db: Database, customerId: number, company: { cvr: number; name: string }) {
	const [created] = await db
		.insert(customerCompanies)
		.values({ cvr: company.cvr, name: company.name })
		.onConflictDoNothing()
		.returning({ id: customerCompanies.id })
	if (!created) return 'exists' as const
	await db
		.update(customers)
		.set({ companyId: created.id, managesCompany: true, updatedAt: new Date() })
		.where(and(eq(customers.id, customerId), isNull(customers.companyId)))
	return 'created' as const
}

// One company at a time: an invitation accepted moves the person, unless they manage their own.
export async function joinCompany(db: Database, customerId: number, companyId: number) {
	await db
		.update(customers)
		.set({ companyId, managesCompany: false, updatedAt: new Date() })
		.where(and(eq(customers.id, customerId), eq(customers.managesCompany, false)))
}

export async function companyOf(db: Database, companyId: number | null) {
	if (!companyId) return null
	const [company] = await db.select().from(customerCompanies).where(eq(customerCompanies.id, companyId))
	return company ?? null
}

// Who belongs and who is invited, for the manager's page.
export async function colleaguesOf(db: Database, customer: Customer, now = new Date()) {
	if (!customer.companyId) return null
	const [members, invited] = await Promise.all([
		db
			.select({
				id: customers.id,
				email: customers.email,
				details: customers.details,
				manages: customers.managesCompany,
			})
			.from(customers)
			.where(eq(customers.companyId, customer.companyId))
			.orderBy(asc(customers.email)),
		db
			.selectDistinct({ email: customerLinks.email })
			.from(customerLinks)
			.where(
				and(
					eq(customerLinks.companyId, customer.companyId),
					eq(customerLinks.purpose, 'invite'),
					isNull(customerLinks.usedAt),
					gt(customerLinks.expiresAt, now),
				),
			),
	])
	const memberEmails = new Set(members.map((member) => member.email))
	return {
		members: members.map((member) => ({
			id: member.id,
			email: member.email,
			name: member.details.name,
			manages: member.manages,
		})),
		invited: invited.map((row) => row.email).filter((email) => !memberEmails.has(email)),
	}
}

type Services = Pick<AppServices, 'db' | 'sendMail' | 'publicUrl' | 'broadcast' | 'logger'>

// The manager invites a colleague by e-mail: a link, good for a week, that adds them on use.
export async function inviteColleague(
	services: Services,
	manager: Customer,
	input: { email: string; locale: Locale; ipHash: string },
): Promise<'sent' | 'invalid' | 'limited' | 'not-manager'> {
	if (!manager.managesCompany || !manager.companyId) return 'not-manager'
	const parsed = CUSTOMER_FIELDS.email.safeParse(input.email)
	if (!parsed.success) return 'invalid'
	const email = normaliseEmail(parsed.data)
	const company = await companyOf(services.db, manager.companyId)
	const token = await issueLink(services.db, {
		purpose: 'invite',
		email,
		ipHash: input.ipHash,
		companyId: manager.companyId,
	})
	if (!token) return 'limited'
	await mailLink(services, {
		to: email,
		kind: 'invite',
		token,
		locale: input.locale,
		vars: { company: company!.name, inviter: manager.details.name || manager.email },
	})
	return 'sent'
}

// The manager removes a colleague (or withdraws an invitation): from this moment they see only
// their own orders, and their open account pages reload to show it.
export async function removeColleague(services: Services, manager: Customer, email: string): Promise<boolean> {
	if (!manager.managesCompany || !manager.companyId) return false
	const address = normaliseEmail(email)
	if (address === manager.email) return false
	const removed = await services.db
		.update(customers)
		.set({ companyId: null, managesCompany: false, updatedAt: new Date() })
		.where(and(eq(customers.email, address), eq(customers.companyId, manager.companyId)))
		.returning({ id: customers.id })
	// Only this company's invitations: the same address may be invited by another company.
	await withdrawLinks(services.db, address, ['invite'], new Date(), manager.companyId)
	for (const row of removed) {
		await withdrawApprovalsOf(services.db, row.id)
		await broadcastTo(services, customerStream(row.id), { type: 'access' })
		await withdrawLive(services, { customerId: row.id })
	}
	return true
}
