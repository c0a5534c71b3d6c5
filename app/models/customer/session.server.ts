import { and, eq, gt, lt } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { digestOf, isSecretToken, newSecretToken } from '#app/models/secret-token.server.ts'
import { isTouchDue, newSessionRow, sessionsOfOwner } from '#app/models/session-rows.server.ts'
import { customers, customerSessions, type CustomerDetails } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { withdrawLive } from '#app/models/live/broadcast.server.ts'

export const CUSTOMER_COOKIE = 'tolk_customer'
// Signed in for 30 days on that browser, from the link that signed it in.
export const CUSTOMER_SESSION_MS = 30 * 24 * 60 * 60 * 1000
const TOUCH_INTERVAL_MS = 60 * 60 * 1000

export type Customer = {
	id: number
	email: string
	details: CustomerDetails
	companyId: number | null
	managesCompany: boolean
	sessionId: string
}

export async function startCustomerSession(db: Database, customerId: number, now = new Date()): Promise<string> {
	const token = newSecretToken()
	await db.insert(customerSessions).values({ ...newSessionRow(token, CUSTOMER_SESSION_MS, now), customerId })
	await db.delete(customerSessions).where(lt(customerSessions.expiresAt, now))
	return token
}

export async function findSessionCustomer(db: Database, token: string, now = new Date()): Promise<Customer | null> {
	if (!isSecretToken(token)) return null
	const id = digestOf(token)
	const [row] = await db
		.select({ customer: customers, lastSeenAt: customerSessions.lastSeenAt })
		.from(customerSessions)
		.innerJoin(customers, eq(customers.id, customerSessions.customerId))
		.where(and(eq(customerSessions.id, id), gt(customerSessions.expiresAt, now)))
	if (!row) return null
	if (isTouchDue(row.lastSeenAt, now, TOUCH_INTERVAL_MS))
		await db.update(customerSessions).set({ lastSeenAt: now }).where(eq(customerSessions.id, id))
	const { customer } = row
	return {
		id: customer.id,
		email: customer.email,
		details: customer.details,
		companyId: customer.companyId,
		managesCompany: customer.managesCompany,
		sessionId: id,
	}
}

// Signing out: the session goes, and the sockets it opened stop listening now.
export async function endCustomerSession(services: Pick<AppServices, 'db' | 'broadcast' | 'logger'>, token: string) {
	const sessionId = digestOf(token)
	await services.db.delete(customerSessions).where(eq(customerSessions.id, sessionId))
	await withdrawLive(services, { sessionId })
}

// After the e-mail changed: every other browser signs in again.
export async function endOtherCustomerSessions(db: Database, customerId: number, keepSessionId?: string) {
	const owner = { id: customerSessions.id, owner: customerSessions.customerId }
	await db.delete(customerSessions).where(sessionsOfOwner(owner, customerId, keepSessionId))
}
