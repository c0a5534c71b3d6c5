import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { loginFailures, sessions } from '#database/schema.ts'
import { changePassword, createStaff, ensureAdmin, logIn } from '#app/models/staff/account.server.ts'
import { hashPassword, verifyPassword } from '#app/models/staff/password.server.ts'
import {
	ABSOLUTE_TIMEOUT_MS,
	findSessionStaff,
	IDLE_TIMEOUT_MS,
	listSessions,
	pruneExpiredSessions,
	startSession,
} from '#app/models/staff/session.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { FAILURE_WINDOW_MS, THROTTLE, recordFailure, secondsUntilAllowed } from '#app/models/staff/throttle.server.ts'

const testDatabase = setupTestDatabase()

describe('passwords', () => {
	test('a hash verifies its own password only, and never contains it', async () => {
		const hash = await hashPassword('grøn hest batteri')
		expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/)
		expect(hash).not.toContain('grøn')
		expect(await verifyPassword('grøn hest batteri', hash)).toBe(true)
		expect(await verifyPassword('grøn hest batteri ', hash)).toBe(false)
		expect(await verifyPassword('anything', 'not-a-hash')).toBe(false)
	})
})

describe('sessions', () => {
	test('end after two idle hours and after twelve hours in all', async () => {
		const user = await createStaff(testDatabase.handle.db, {
			email: 'idle@tolk.example',
			name: 'Idle',
			password: 'x'.repeat(12),
			role: 'editor',
		})
		const start = new Date('2026-01-01T08:00:00Z')
		const token = await startSession(testDatabase.handle.db, user.id, start)
		const at = (ms: number) => new Date(start.getTime() + ms)

		expect(await findSessionStaff(testDatabase.handle.db, token, at(IDLE_TIMEOUT_MS - 1000))).toMatchObject({
			id: user.id,
			role: 'editor',
		})
		// Used just now, so the idle clock restarted.
		expect(await findSessionStaff(testDatabase.handle.db, token, at(2 * IDLE_TIMEOUT_MS - 2000))).not.toBeNull()
		expect(await findSessionStaff(testDatabase.handle.db, token, at(3 * IDLE_TIMEOUT_MS))).toBeNull()

		const busy = await startSession(testDatabase.handle.db, user.id, start)
		for (let hour = 1; hour < 12; hour++)
			expect(await findSessionStaff(testDatabase.handle.db, busy, at(hour * 3_600_000))).not.toBeNull()
		expect(await findSessionStaff(testDatabase.handle.db, busy, at(ABSOLUTE_TIMEOUT_MS + 1))).toBeNull()
	})

	test('only live sessions are listed, and ended ones are pruned', async () => {
		const user = await createStaff(testDatabase.handle.db, {
			email: 'list@tolk.example',
			name: 'List',
			password: 'x'.repeat(12),
			role: 'editor',
		})
		const longAgo = new Date(Date.now() - ABSOLUTE_TIMEOUT_MS - 60_000)
		await startSession(testDatabase.handle.db, user.id, longAgo)
		await startSession(testDatabase.handle.db, user.id)
		expect(await listSessions(testDatabase.handle.db, user.id)).toHaveLength(1)
		expect(await testDatabase.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2)
		await pruneExpiredSessions(testDatabase.handle.db)
		expect(await testDatabase.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1)
	})

	test('only a hash of the token is stored', async () => {
		const user = await createStaff(testDatabase.handle.db, {
			email: 'hash@tolk.example',
			name: 'Hash',
			password: 'x'.repeat(12),
			role: 'editor',
		})
		const token = await startSession(testDatabase.handle.db, user.id)
		const stored = await testDatabase.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))
		expect(stored).toHaveLength(1)
		expect(stored[0]!.id).not.toContain(token)
		expect(await findSessionStaff(testDatabase.handle.db, stored[0]!.id)).toBeNull()
	})

	test('a password change ends every other session of the account', async () => {
		const user = await createStaff(testDatabase.handle.db, {
			email: 'revoke@tolk.example',
			name: 'Revoke',
			password: 'x'.repeat(12),
			role: 'admin',
		})
		const kept = await startSession(testDatabase.handle.db, user.id)
		const other = await startSession(testDatabase.handle.db, user.id)
		const keptSession = await findSessionStaff(testDatabase.handle.db, kept)
		await changePassword(testDatabase.handle.db, user.id, 'y'.repeat(12), keptSession!.sessionId)
		expect(await findSessionStaff(testDatabase.handle.db, kept)).not.toBeNull()
		expect(await findSessionStaff(testDatabase.handle.db, other)).toBeNull()
	})
})

describe('login throttling', () => {
	const ip = (name: string) => addressKey('login', name, 'secret')

	test('the sixth attempt from one address within fifteen minutes waits until its oldest failure leaves the window', async () => {
		const now = new Date('2026-03-01T12:00:00Z')
		for (let minute = 0; minute < 5; minute++)
			await recordFailure(
				testDatabase.handle.db,
				'who@tolk.example',
				ip('10.0.0.1'),
				new Date(now.getTime() + minute * 60_000),
			)
		const sixth = new Date(now.getTime() + 5 * 60_000)
		expect(await secondsUntilAllowed(testDatabase.handle.db, 'who@tolk.example', ip('10.0.0.1'), sixth)).toBe(10 * 60)
		// Another address, and another e-mail from the same address, are not held up.
		expect(await secondsUntilAllowed(testDatabase.handle.db, 'who@tolk.example', ip('10.9.9.9'), sixth)).toBe(0)
		expect(await secondsUntilAllowed(testDatabase.handle.db, 'other@tolk.example', ip('10.0.0.1'), sixth)).toBe(0)
		const later = new Date(now.getTime() + FAILURE_WINDOW_MS + 1000)
		expect(await secondsUntilAllowed(testDatabase.handle.db, 'who@tolk.example', ip('10.0.0.1'), later)).toBe(0)
	})

	test('an address trying many e-mails is stopped at twenty, and an e-mail tried from many addresses at fifty an hour', async () => {
		const now = new Date('2026-03-02T12:00:00Z')
		for (let n = 0; n < THROTTLE.address.failures; n++)
			await recordFailure(testDatabase.handle.db, `guess${n}@tolk.example`, ip('192.0.2.1'), now)
		expect(await secondsUntilAllowed(testDatabase.handle.db, 'fresh@tolk.example', ip('192.0.2.1'), now)).toBe(15 * 60)
		expect(await secondsUntilAllowed(testDatabase.handle.db, 'fresh@tolk.example', ip('192.0.2.2'), now)).toBe(0)
		for (let n = 0; n < THROTTLE.email.failures - 1; n++)
			await recordFailure(testDatabase.handle.db, 'wanted@tolk.example', ip(`198.51.100.${n}`), now)
		expect(await secondsUntilAllowed(testDatabase.handle.db, 'wanted@tolk.example', ip('203.0.113.9'), now)).toBe(0)
		await recordFailure(testDatabase.handle.db, 'wanted@tolk.example', ip('198.51.100.250'), now)
		expect(await secondsUntilAllowed(testDatabase.handle.db, 'wanted@tolk.example', ip('203.0.113.9'), now)).toBe(
			60 * 60,
		)
	})

	test('a known and an unknown email are refused alike and throttled alike', async () => {
		await createStaff(testDatabase.handle.db, {
			email: 'known@tolk.example',
			name: 'Known',
			password: 'right-password-1',
			role: 'editor',
		})
		const outcomes = []
		for (const email of ['known@tolk.example', 'unknown@tolk.example']) {
			for (let n = 0; n < 6; n++)
				outcomes.push([
					email,
					(await logIn(testDatabase.handle.db, { email, password: 'wrong-password', ipHash: ip(email) })).outcome,
				])
		}
		expect(outcomes.map(([, outcome]) => outcome)).toEqual([
			...Array(5).fill('refused'),
			'throttled',
			...Array(5).fill('refused'),
			'throttled',
		])
		// The right password does not get through the throttle from that address, and does from another.
		const right = (ipHash: string) =>
			logIn(testDatabase.handle.db, { email: 'known@tolk.example', password: 'right-password-1', ipHash })
		expect((await right(ip('known@tolk.example'))).outcome).toBe('throttled')
		expect((await right(ip('elsewhere'))).outcome).toBe('signed-in')
		// Signing in elsewhere forgives nothing of the address that guessed.
		expect((await right(ip('known@tolk.example'))).outcome).toBe('throttled')
		const failures = await testDatabase.handle.db
			.select()
			.from(loginFailures)
			.where(eq(loginFailures.email, 'unknown@tolk.example'))
		expect(failures[0]!.ipHash).not.toContain('unknown')
	})

	test("a successful login clears that address's failures of the email, not another's", async () => {
		await createStaff(testDatabase.handle.db, {
			email: 'clear@tolk.example',
			name: 'Clear',
			password: 'right-password-2',
			role: 'editor',
		})
		for (const address of ['c1', 'c1', 'c2'])
			await logIn(testDatabase.handle.db, { email: 'clear@tolk.example', password: 'nope', ipHash: ip(address) })
		expect(
			(
				await logIn(testDatabase.handle.db, {
					email: 'Clear@Tolk.example ',
					password: 'right-password-2',
					ipHash: ip('c1'),
				})
			).outcome,
		).toBe('signed-in')
		const left = await testDatabase.handle.db
			.select()
			.from(loginFailures)
			.where(eq(loginFailures.email, 'clear@tolk.example'))
		expect(left.map((row) => row.ipHash)).toEqual([ip('c2')])
	})
})

describe('the administrator from the environment', () => {
	test('is created, then left alone, then has its password reset and its sessions ended', async () => {
		expect(await ensureAdmin(testDatabase.handle.db, 'boss@tolk.example', 'first-password-1')).toBe('created')
		expect(await ensureAdmin(testDatabase.handle.db, 'boss@tolk.example', 'first-password-1')).toBe('unchanged')
		const signedIn = await logIn(testDatabase.handle.db, {
			email: 'boss@tolk.example',
			password: 'first-password-1',
			ipHash: 'x',
		})
		expect(signedIn.outcome).toBe('signed-in')
		expect(await ensureAdmin(testDatabase.handle.db, 'boss@tolk.example', 'second-password-2')).toBe('updated')
		if (signedIn.outcome === 'signed-in')
			expect(await findSessionStaff(testDatabase.handle.db, signedIn.token)).toBeNull()
		expect(
			(await logIn(testDatabase.handle.db, { email: 'boss@tolk.example', password: 'second-password-2', ipHash: 'y' }))
				.outcome,
		).toBe('signed-in')
	})
})
