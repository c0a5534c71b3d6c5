import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { logIn, type LoginResult } from '#app/models/staff/account.server.ts'
import { endSession, revokeSessions, type Staff } from '#app/models/staff/session.server.ts'

type Services = Pick<AppServices, 'db' | 'broadcast' | 'logger'>
type Attempt = { email: string; password: string; ipHash: string; previousToken?: string | null }

// A staff member signs in: the throttled check, a fresh session in place of this browser's old
// one, and the audit log's "logged in".
export async function signIn(services: Services, { previousToken, ...attempt }: Attempt): Promise<LoginResult> {
	const result = await logIn(services.db, attempt)
	if (result.outcome !== 'signed-in') return result
	if (previousToken) await endSession(services.db, previousToken)
	await recordAudit(services, result.user, { action: 'login', subjectType: 'session', summary: result.user.name })
	return result
}

// Signs this browser out.
export async function signOut(services: Services, staff: Staff, token: string | null): Promise<void> {
	if (token) await endSession(services.db, token)
	await recordAudit(services, staff, { action: 'logout', subjectType: 'session', summary: staff.name })
}

// An admin signs an account out everywhere; their own browser stays signed in.
export async function signOutEverywhere(services: Services, staff: Staff, userId: number): Promise<void> {
	await revokeSessions(services.db, userId, userId === staff.id ? staff.sessionId : undefined)
	await recordAudit(services, staff, {
		action: 'signOut',
		subjectType: 'users',
		subjectId: userId,
		summary: String(userId),
	})
}
