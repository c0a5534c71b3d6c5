import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditEvents, users } from '#database/schema.ts'
import { spendLink } from '#app/models/customer/account.server.ts'
import { issueLink, peekLink } from '#app/models/customer/links.server.ts'
import { logIn } from '#app/models/staff/account.server.ts'
import { acceptInvitation, invitationOf, inviteStaff, unknownPassword } from '#app/models/staff/invitation.server.ts'
import { userRepository } from '#app/models/staff/record.server.ts'
import { findSessionStaff, startSession } from '#app/models/staff/session.server.ts'
import { setupOrderTests } from '#tests/setup/orders.ts'
import { makeTranslator } from '#tests/setup/vendor.ts'
import { findTranslator, saveTranslator } from '#app/models/vendor/translators.server.ts'

const { db, mails, services, staff } = setupOrderTests()
const PASSWORD = 'a-password-of-my-own'

// A staff account made without a password, as the users form makes it.
async function newAccount(email: string, role: 'manager' | 'editor' = 'manager') {
	const id = await userRepository.create(db(), { name: 'Nina New', email, role, deactivated: false, password: null })
	mails.length = 0
	expect(await inviteStaff(services(), staff, id)).toBe(true)
	const link = /\/admin\/invitation\/(\S+)/.exec(mails.at(-1)!.text)![1]!
	return { id, token: link }
}

const attempt = (email: string, password = PASSWORD) => logIn(db(), { email, password, ipHash: 'invitation-test' })

describe('an account made by invitation', () => {
	test('gets a single-use link by mail that sets the password and signs in; until then no password works', async () => {
		const { id, token } = await newAccount('nina@tolk.test')
		expect(mails.at(-1)).toMatchObject({ to: 'nina@tolk.test', subject: expect.stringContaining('Din adgang') })
		expect(await invitationOf(services(), token)).toEqual({
			state: 'valid',
			name: 'Nina New',
			email: 'nina@tolk.test',
		})
		expect((await attempt('nina@tolk.test')).outcome).toBe('refused')
		// Opening the page spends nothing; choosing the password does, once.
		expect((await invitationOf(services(), token)).state).toBe('valid')
		const accepted = await acceptInvitation(services(), token, PASSWORD)
		if (!accepted.ok) throw new Error(accepted.reason)
		expect(accepted.user).toMatchObject({ id, role: 'manager' })
		expect(await findSessionStaff(db(), accepted.sessionToken)).toMatchObject({ id })
		expect((await attempt('nina@tolk.test')).outcome).toBe('signed-in')
		expect(await acceptInvitation(services(), token, 'another-password-1')).toEqual({ ok: false, reason: 'used' })
		expect((await invitationOf(services(), token)).state).toBe('used')
		const [row] = await db().select({ invitedAt: users.invitedAt }).from(users).where(eq(users.id, id))
		expect(row!.invitedAt).toBeNull()
	})

	test('is never a customer link, nor a customer link an invitation', async () => {
		const { token } = await newAccount('kim@tolk.test')
		expect((await peekLink(db(), token)).state).toBe('unknown')
		expect(await spendLink(services(), token)).toMatchObject({ ok: false, reason: 'unknown' })
		expect((await invitationOf(services(), token)).state).toBe('valid')
		const customerLink = await issueLink(db(), { purpose: 'sign-in', email: 'kim@tolk.test', ipHash: 'kim' })
		expect((await invitationOf(services(), customerLink!)).state).toBe('unknown')
		expect(await acceptInvitation(services(), customerLink!, PASSWORD)).toEqual({ ok: false, reason: 'unknown' })
		expect((await peekLink(db(), customerLink!)).state).toBe('valid')
		// A customer of the same address moving their account elsewhere withdraws their own links only.
		const signedIn = await spendLink(services(), customerLink!)
		if (!signedIn.ok) throw new Error(signedIn.reason)
		const move = await issueLink(db(), {
			purpose: 'change-email',
			email: 'kim.private@example.dk',
			customerId: signedIn.customer.id,
			ipHash: 'kim',
		})
		expect(await spendLink(services(), move!)).toMatchObject({ ok: true })
		expect((await invitationOf(services(), token)).state).toBe('valid')
	})

	test('a new invitation ends the one before; a week later it has expired', async () => {
		const { id, token: first } = await newAccount('lea@tolk.test')
		await inviteStaff(services(), staff, id)
		const second = /\/admin\/invitation\/(\S+)/.exec(mails.at(-1)!.text)![1]!
		expect((await invitationOf(services(), first)).state).toBe('expired')
		expect((await invitationOf(services(), second)).state).toBe('valid')
		const week = new Date(Date.now() + 7 * 24 * 3_600_000 + 60_000)
		expect((await invitationOf(services(), second, week)).state).toBe('expired')
		expect(await acceptInvitation(services(), second, PASSWORD, week)).toEqual({ ok: false, reason: 'expired' })
	})

	test('a translator made without a password is invited in their own language', async () => {
		mails.length = 0
		await makeTranslator(services(), staff, 'Tom Invited', { password: '' })
		expect(mails.at(-1)).toMatchObject({ to: 'tom.invited@translators.test' })
		expect(mails.at(-1)!.text).toMatch(/\/admin\/invitation\//)
	})
})

describe('a deactivated account', () => {
	test('cannot sign in, loses its sessions and its invitation, and keeps its history', async () => {
		const { id, token } = await newAccount('otto@tolk.test')
		const accepted = await acceptInvitation(services(), token, PASSWORD)
		if (!accepted.ok) throw new Error(accepted.reason)
		const other = await startSession(db(), id)
		await userRepository.update(db(), id, {
			name: 'Nina New',
			email: 'otto@tolk.test',
			role: 'manager',
			deactivated: true,
			password: null,
		})
		expect((await attempt('otto@tolk.test')).outcome).toBe('refused')
		expect(await findSessionStaff(db(), accepted.sessionToken)).toBeNull()
		expect(await findSessionStaff(db(), other)).toBeNull()
		expect(await inviteStaff(services(), staff, id)).toBe(false)
		// What they did is still theirs.
		const history = await db().select().from(auditEvents).where(eq(auditEvents.userId, id))
		expect(history.length).toBeGreaterThan(0)
		// Active again, the same password works.
		await userRepository.update(db(), id, {
			name: 'Nina New',
			email: 'otto@tolk.test',
			role: 'manager',
			deactivated: false,
			password: null,
		})
		expect((await attempt('otto@tolk.test')).outcome).toBe('signed-in')
	})

	test('a password nobody knows is a real hash, so signing in against it costs the same', async () => {
		expect(await unknownPassword()).toMatch(/^scrypt\$/)
	})
})

// A link mailed before the account changed is no key to it (the typo corrected, a password set by
// hand, the account off, a new invitation): each withdraws every unused invitation of the person.
describe('an invitation mailed before the account changed', () => {
	const linkOf = () => /\/admin\/invitation\/(\S+)/.exec(mails.at(-1)!.text)![1]!
	const admin = (email: string, changes: Partial<{ password: string | null; deactivated: boolean }> = {}) => ({
		name: 'Ada Admin',
		email,
		role: 'admin' as const,
		deactivated: false,
		password: null,
		...changes,
	})

	test('mailed to a mistyped address stops working when the address is corrected', async () => {
		const id = await userRepository.create(db(), admin('typo@wrong-domain.test'))
		await inviteStaff(services(), staff, id)
		const typo = linkOf()
		await userRepository.update(db(), id, admin('ada@tolk.test'))
		expect((await invitationOf(services(), typo)).state).not.toBe('valid')
		expect(await acceptInvitation(services(), typo, PASSWORD)).toMatchObject({ ok: false })
		expect((await attempt('ada@tolk.test')).outcome).toBe('refused')
		// A new invitation, to the right address, works.
		await inviteStaff(services(), staff, id)
		expect(mails.at(-1)!.to).toBe('ada@tolk.test')
		const accepted = await acceptInvitation(services(), linkOf(), PASSWORD)
		expect(accepted.ok).toBe(true)
	})

	test('a translator corrected from a typo address loses the link mailed there', async () => {
		mails.length = 0
		const { id, email } = await makeTranslator(services(), staff, 'Tia Typo', { password: '' })
		const typo = linkOf()
		expect(mails.at(-1)!.to).toBe(email)
		const translator = (await findTranslator(db(), id))!
		await saveTranslator(services(), staff, id, {
			name: translator.name,
			email: 'tia@translators.test',
			password: null,
			teamMemberId: null,
			dailyCapacity: translator.dailyCapacity,
			active: true,
			pairs: [{ from: 'da', to: 'en', ratePerWord: 0.8 }],
			reviewFeeRule: 'share',
			reviewSharePercent: 40,
			hourlyRate: null,
			repetitionRule: 'customer',
			repetitionOwnPercent: null,
		})
		expect((await invitationOf(services(), typo)).state).not.toBe('valid')
		expect(await acceptInvitation(services(), typo, PASSWORD)).toMatchObject({ ok: false })
	})

	test('sent before an admin set the password by hand, it no longer resets it', async () => {
		const id = await userRepository.create(db(), admin('hand@tolk.test'))
		await inviteStaff(services(), staff, id)
		const old = linkOf()
		await userRepository.update(db(), id, admin('hand@tolk.test', { password: 'set-by-the-admin-1' }))
		expect(await acceptInvitation(services(), old, PASSWORD)).toMatchObject({ ok: false })
		expect((await attempt('hand@tolk.test', 'set-by-the-admin-1')).outcome).toBe('signed-in')
		expect((await attempt('hand@tolk.test')).outcome).toBe('refused')
	})

	test('of a deactivated account stays spent when the account is active again', async () => {
		const id = await userRepository.create(db(), admin('off@tolk.test'))
		await inviteStaff(services(), staff, id)
		const old = linkOf()
		await userRepository.update(db(), id, admin('off@tolk.test', { deactivated: true }))
		await userRepository.update(db(), id, admin('off@tolk.test'))
		expect((await invitationOf(services(), old)).state).toBe('expired')
		expect(await acceptInvitation(services(), old, PASSWORD)).toMatchObject({ ok: false })
	})

	test("is checked against the account's address when it is used, whatever changed it", async () => {
		const id = await userRepository.create(db(), admin('moved@tolk.test'))
		await inviteStaff(services(), staff, id)
		const old = linkOf()
		// An address changed by a path that withdrew nothing (a script, a restore of older rows).
		await db().update(users).set({ email: 'elsewhere@tolk.test' }).where(eq(users.id, id))
		expect(await invitationOf(services(), old)).toEqual({ state: 'withdrawn' })
		expect(await acceptInvitation(services(), old, PASSWORD)).toEqual({ ok: false, reason: 'withdrawn' })
	})
})
