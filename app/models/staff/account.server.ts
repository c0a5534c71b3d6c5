import { eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { users, type Role } from '#database/schema.ts'
import { decoyPasswordHash, hashPassword, verifyPassword } from '#app/models/staff/password.server.ts'
import { pruneExpiredSessions, revokeSessions, startSession } from '#app/models/staff/session.server.ts'
import { admitAttempt, clearFailures, forgetAttempt } from '#app/models/staff/throttle.server.ts'
import { withdrawLinksOfUser } from '#app/models/customer/links.server.ts'

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export type LoginResult =
	| { outcome: 'signed-in'; token: string; user: { id: number; name: string; role: Role } }
	| { outcome: 'refused' }
	| { outcome: 'throttled'; retryAfterSeconds: number }

type Attempt = { email: string; password: string; ipHash: string }

export async function logIn(db: Database, attempt: Attempt): Promise<LoginResult> {
	const email = normalizeEmail(attempt.email)
	const { attemptId, retryAfterSeconds } = await admitAttempt(db, email, attempt.ipHash)
	if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds }

	const [user] = await db.select().from(users).where(eq(users.email, email))
	// The same scrypt work whether or not the email exists.
	const isValid = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoyPasswordHash()))
	// A wrong password stays counted as the failure it was counted as; a deactivated account is
	// refused as a wrong password is (nothing tells a guesser it exists).
	if (!user || !isValid || !user.active) return { outcome: 'refused' }
	await forgetAttempt(db, attemptId)
	await clearFailures(db, email, attempt.ipHash)
	// Logins are rare: a good moment to drop sessions that have ended.
	await pruneExpiredSessions(db)
	return {
		outcome: 'signed-in',
		token: await startSession(db, user.id),
		user: { id: user.id, name: user.name, role: user.role },
	}
}

type NewStaff = { email: string; name: string; role: Role; active?: boolean } & (
	{ password: string } | { passwordHash: string }
)

export async function createStaff(db: Database, staff: NewStaff) {
	const [user] = await db
		.insert(users)
		.values({
			email: normalizeEmail(staff.email),
			name: staff.name,
			role: staff.role,
			active: staff.active ?? true,
			passwordHash: 'passwordHash' in staff ? staff.passwordHash : await hashPassword(staff.password),
		})
		.returning({ id: users.id, email: users.email, name: users.name, role: users.role })
	return user!
}

// Every other session of the account ends: a changed password must lock out whoever had the old one,
// and an invitation mailed before it must not reset it.
export async function changePassword(
	db: Database,
	userId: number,
	password: string,
	keepSessionId?: string,
): Promise<void> {
	await db
		.update(users)
		.set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
		.where(eq(users.id, userId))
	await revokeSessions(db, userId, keepSessionId)
	await withdrawLinksOfUser(db, userId, ['staff-invite'])
}

export async function findStaffByEmail(db: Database, email: string) {
	const [user] = await db
		.select()
		.from(users)
		.where(eq(users.email, normalizeEmail(email)))
	return user ?? null
}

// ADMIN_EMAIL/ADMIN_PASSWORD at start: the account is created, or made admin with that password.
export async function ensureAdmin(
	db: Database,
	email: string,
	password: string,
): Promise<'created' | 'updated' | 'unchanged'> {
	const user = await findStaffByEmail(db, email)
	if (!user) {
		await createStaff(db, { email, password, name: email.split('@')[0]!, role: 'admin' })
		return 'created'
	}
	const isSamePassword = await verifyPassword(password, user.passwordHash)
	if (isSamePassword && user.role === 'admin') return 'unchanged'
	if (user.role !== 'admin')
		await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, user.id))
	if (!isSamePassword) await changePassword(db, user.id, password)
	return 'updated'
}
