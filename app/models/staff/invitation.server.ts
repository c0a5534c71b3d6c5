import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { translators, users } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import {
	issueLink,
	normaliseEmail,
	peekLink,
	takeLink,
	withdrawLinksOfUser,
} from '#app/models/customer/links.server.ts'
import { mailText } from '#app/models/mail-text.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { changePassword } from '#app/models/staff/account.server.ts'
import { hashPassword } from '#app/models/staff/password.server.ts'
import { startSession } from '#app/models/staff/session.server.ts'
import type { Locale } from '#app/utils/locales.ts'
import { auditText } from '#app/models/audit/text.ts'

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl'>
type Actor = { id: number; name: string }

const STAFF_INVITE = ['staff-invite' as const]

// The password of an account made by invitation until its owner sets one: random, kept as any
// password is (so signing in with it costs the same), and known to nobody.
export const unknownPassword = () => hashPassword(randomBytes(32).toString('base64url'))

// An invitation to set a password, by mail: a single-use link good for a week (the customers'
// link machinery); a new invitation ends the ones before it. A translator's mail is in their own
// language, staff's in Danish. False when there is no such account or it is deactivated.
export async function inviteStaff(services: Services, admin: Actor, userId: number, now = new Date()) {
	const { db } = services
	const [user] = await db
		.select({ email: users.email, name: users.name, active: users.active, locale: translators.locale })
		.from(users)
		.leftJoin(translators, eq(translators.userId, users.id))
		.where(eq(users.id, userId))
	if (!user?.active) return false
	await withdrawInvitations(db, userId, now)
	const token = await issueLink(
		db,
		{ purpose: 'staff-invite', email: user.email, ipHash: `staff:${admin.id}`, userId },
		now,
		{ limited: false },
	)
	await db.update(users).set({ invitedAt: now }).where(eq(users.id, userId))
	const { agencyName } = await getSettings(db)
	const locale: Locale = user.locale === 'en' ? 'en' : 'da'
	const vars = { name: user.name, agency: agencyName, link: `${services.publicUrl}/admin/invitation/${token}` }
	services.sendMail({
		to: user.email,
		subject: mailText(locale, 'mail.staff.inviteSubject', vars),
		text: mailText(locale, 'mail.staff.invite', vars),
	})
	await recordAudit(services, admin, {
		action: 'update',
		subjectType: 'users',
		subjectId: userId,
		summary: `Invitation sent to ${user.email}`,
		text: auditText('invitationSent', { email: user.email }),
	})
	return true
}

// Every unused invitation of the account stops working: called whenever its address or password
// changes, it is deactivated or invited again, so an old link never sets a password for it.
export const withdrawInvitations = (db: Services['db'], userId: number, now = new Date()) =>
	withdrawLinksOfUser(db, userId, STAFF_INVITE, now)

export type InvitationState =
	{ state: 'valid'; name: string; email: string } | { state: 'expired' | 'used' | 'unknown' | 'withdrawn' }

// What an invitation link is, without spending it (a mail scanner that opens it spends nothing).
export async function invitationOf(services: Pick<Services, 'db'>, token: string, now = new Date()) {
	const peeked = await peekLink(services.db, token, now, STAFF_INVITE)
	if (peeked.state !== 'valid') return { state: peeked.state } as InvitationState
	const user = await invitedUser(services, peeked.link)
	if (user === 'withdrawn') return { state: 'withdrawn' } as InvitationState
	return (user ? { state: 'valid', name: user.name, email: user.email } : { state: 'unknown' }) as InvitationState
}

// The account a link invites, while it is active and still has the address the link was mailed
// to (a link mailed to a mistyped address that was corrected since is no key to the account).
const invitedUser = async (services: Pick<Services, 'db'>, link: { userId: number | null; email: string }) => {
	if (link.userId === null) return null
	const [user] = await services.db.select().from(users).where(eq(users.id, link.userId))
	if (!user?.active) return null
	return normaliseEmail(user.email) === link.email ? user : ('withdrawn' as const)
}

// The invited person sets their password: the link is spent (of two at once, one wins), every
// other session of the account ends, and this browser is signed in.
export async function acceptInvitation(services: Services, token: string, password: string, now = new Date()) {
	const taken = await takeLink(services.db, token, now, STAFF_INVITE)
	if (taken.state !== 'valid') return { ok: false as const, reason: taken.state }
	const user = await invitedUser(services, taken.link)
	if (user === 'withdrawn') return { ok: false as const, reason: 'withdrawn' as const }
	if (!user) return { ok: false as const, reason: 'unknown' as const }
	await changePassword(services.db, user.id, password)
	await services.db.update(users).set({ invitedAt: null }).where(eq(users.id, user.id))
	const sessionToken = await startSession(services.db, user.id, now)
	await recordAudit(services, user, {
		action: 'login',
		subjectType: 'session',
		summary: `${user.name} set a password by invitation`,
		text: auditText('invitationUsed', { name: user.name }),
	})
	return { ok: true as const, sessionToken, user: { id: user.id, name: user.name, role: user.role } }
}

// When the account was last invited, while it has not set its password yet.
export async function invitedAtOf(db: Services['db'], userId: number) {
	const [user] = await db.select({ invitedAt: users.invitedAt }).from(users).where(eq(users.id, userId))
	return user?.invitedAt ?? null
}

// Where an account is managed: a translator's page, or the staff account's.
export async function accountPageOf(db: Services['db'], userId: number) {
	const [translator] = await db.select({ id: translators.id }).from(translators).where(eq(translators.userId, userId))
	return translator ? `/admin/translators/${translator.id}` : `/admin/users/${userId}`
}
