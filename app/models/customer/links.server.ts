import { and, count, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { digestOf, isSecretToken, newSecretToken } from '#app/models/secret-token.server.ts'
import { customerLinks, type CustomerLinkPurpose } from '#database/schema.ts'

// A sign-in or new-address link is good for 15 minutes; an invitation (to a company, or to set a
// staff member's password) for a week.
export const LINK_LIFETIME_MS: Record<CustomerLinkPurpose, number> = {
	'sign-in': 15 * 60 * 1000,
	'change-email': 15 * 60 * 1000,
	invite: 7 * 24 * 60 * 60 * 1000,
	'staff-invite': 7 * 24 * 60 * 60 * 1000,
}
// The links a customer's link page takes; a staff invitation is only ever good on its own page
// (and a customer's link never there), whoever holds it.
export const CUSTOMER_PURPOSES: CustomerLinkPurpose[] = ['sign-in', 'change-email', 'invite']
// Links asked for per e-mail and per address in an hour, known e-mail or not.
export const LINK_LIMITS = { perEmail: 5, perAddress: 20, windowMs: 60 * 60 * 1000 }
// Used and expired links are kept a while to tell "used" and "expired" apart from "not ours".
const KEPT_MS = 7 * 24 * 60 * 60 * 1000

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

type NewLink = {
	purpose: CustomerLinkPurpose
	email: string
	ipHash: string
	customerId?: number | null
	companyId?: number | null
	userId?: number | null
}

// A new link's token, or null when the e-mail or the address has asked for too many this hour.
export async function issueLink(
	db: Database,
	link: NewLink,
	now = new Date(),
	{ limited = true } = {},
): Promise<string | null> {
	const email = normaliseEmail(link.email)
	const since = new Date(now.getTime() - LINK_LIMITS.windowMs)
	const recent = (where: ReturnType<typeof eq>) =>
		db
			.select({ n: count() })
			.from(customerLinks)
			.where(and(where, gt(customerLinks.createdAt, since)))
			.then(([row]) => row?.n ?? 0)
	const [byEmail, byAddress] = await Promise.all([
		recent(eq(customerLinks.email, email)),
		recent(eq(customerLinks.ipHash, link.ipHash)),
	])
	if (limited && (byEmail >= LINK_LIMITS.perEmail || byAddress >= LINK_LIMITS.perAddress)) return null
	const token = newSecretToken()
	await db.insert(customerLinks).values({
		id: digestOf(token),
		purpose: link.purpose,
		email,
		ipHash: link.ipHash,
		customerId: link.customerId ?? null,
		companyId: link.companyId ?? null,
		userId: link.userId ?? null,
		expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[link.purpose]),
		createdAt: now,
	})
	await db.delete(customerLinks).where(lt(customerLinks.createdAt, new Date(now.getTime() - KEPT_MS)))
	return token
}

export type LinkRow = typeof customerLinks.$inferSelect
export type LinkState =
	{ state: 'valid'; link: LinkRow } | { state: 'expired' | 'used'; link: LinkRow } | { state: 'unknown' }

// What a link is, without using it (the page that asks "sign in?" before the link is spent, so a
// mail scanner that opens links spends nothing).
export async function peekLink(
	db: Database,
	token: string,
	now = new Date(),
	purposes = CUSTOMER_PURPOSES,
): Promise<LinkState> {
	if (!isSecretToken(token)) return { state: 'unknown' }
	const [link] = await db
		.select()
		.from(customerLinks)
		.where(and(eq(customerLinks.id, digestOf(token)), inArray(customerLinks.purpose, purposes)))
	if (!link) return { state: 'unknown' }
	if (link.usedAt) return { state: 'used', link }
	if (link.expiresAt <= now) return { state: 'expired', link }
	return { state: 'valid', link }
}

// Spends the link once: of two uses at the same moment, one gets it.
export async function takeLink(
	db: Database,
	token: string,
	now = new Date(),
	purposes = CUSTOMER_PURPOSES,
): Promise<LinkState> {
	if (!isSecretToken(token)) return { state: 'unknown' }
	const [link] = await db
		.update(customerLinks)
		.set({ usedAt: now })
		.where(
			and(
				eq(customerLinks.id, digestOf(token)),
				inArray(customerLinks.purpose, purposes),
				isNull(customerLinks.usedAt),
				gt(customerLinks.expiresAt, now),
			),
		)
		.returning()
	return link ? { state: 'valid', link } : peekLink(db, token, now, purposes)
}

// Every unused link of one staff account stops working: its address or password changed, it was
// deactivated, or it is invited again. By account, not by address, so a link mailed to an address
// the account no longer has is withdrawn too.
export async function withdrawLinksOfUser(
	db: Database,
	userId: number,
	purposes: CustomerLinkPurpose[],
	now = new Date(),
) {
	await db
		.update(customerLinks)
		.set({ expiresAt: now })
		.where(
			and(
				eq(customerLinks.userId, userId),
				isNull(customerLinks.usedAt),
				gt(customerLinks.expiresAt, now),
				inArray(customerLinks.purpose, purposes),
			),
		)
}

// Links not yet used for this e-mail and purpose stop working (a newer one was sent, or the
// invitation was withdrawn).
// A company's invitation is withdrawn in that company only (`companyId`).
export async function withdrawLinks(
	db: Database,
	email: string,
	purposes: CustomerLinkPurpose[],
	now = new Date(),
	companyId?: number,
) {
	await db
		.update(customerLinks)
		.set({ expiresAt: now })
		.where(
			and(
				eq(customerLinks.email, normaliseEmail(email)),
				companyId === undefined ? undefined : eq(customerLinks.companyId, companyId),
				isNull(customerLinks.usedAt),
				or(...purposes.map((purpose) => eq(customerLinks.purpose, purpose))),
			),
		)
}
