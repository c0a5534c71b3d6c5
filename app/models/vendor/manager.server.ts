import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm'
import { jobs, orders, users } from '#database/schema.ts'
import type { Database, Transaction } from '#database/client.ts'
import { AREAS } from '#app/models/staff/roles.ts'
import { recordAudit, type AuditServices } from '#app/models/audit/record.server.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { JOBS_STREAM } from '#app/utils/cable.ts'
import { auditText } from '#app/models/audit/text.ts'

type Actor = { id: number; name: string }

// Those who can be a project manager: the roles that open the agency's work.
export const MANAGER_ROLES = AREAS.work

// The PM of a job: its own, else its order's; null when nobody has taken either.
export const jobManager = sql<number | null>`coalesce(${jobs.managerId}, ${orders.managerId})`

// A new job is its maker's, and so is its order when nobody owns it yet.
export async function ownNewJob(tx: Transaction, pm: Actor, orderId: number, jobId: number) {
	await tx.update(jobs).set({ managerId: pm.id }).where(eq(jobs.id, jobId))
	await tx
		.update(orders)
		.set({ managerId: pm.id })
		.where(and(eq(orders.id, orderId), isNull(orders.managerId)))
}

export type TakeSubject = { type: 'order' | 'job'; id: number }

// A PM takes an order (with its jobs still in hand) or one job over from whoever had it; the order
// comes along with a job when nobody owned it. Audited; false when there is no such order or job.
export async function takeOver(services: AuditServices & { db: Database }, pm: Actor, subject: TakeSubject) {
	const { db } = services
	const taken = await db.transaction(async (tx) => {
		if (subject.type === 'order') {
			const [order] = await tx
				.update(orders)
				.set({ managerId: pm.id })
				.where(eq(orders.id, subject.id))
				.returning({ id: orders.id, reference: orders.reference })
			if (!order) return null
			await tx
				.update(jobs)
				.set({ managerId: pm.id })
				.where(and(eq(jobs.orderId, order.id), notInArray(jobs.status, ['approved', 'cancelled'])))
			return {
				orderId: order.id,
				summary: `Order ${order.reference}: taken over by ${pm.name}`,
				text: auditText('orderTakenOver', { reference: order.reference, name: pm.name }),
			}
		}
		const [job] = await tx
			.update(jobs)
			.set({ managerId: pm.id })
			.where(eq(jobs.id, subject.id))
			.returning({ id: jobs.id, orderId: jobs.orderId })
		if (!job) return null
		await tx
			.update(orders)
			.set({ managerId: pm.id })
			.where(and(eq(orders.id, job.orderId), isNull(orders.managerId)))
		return {
			orderId: job.orderId,
			summary: `Job ${job.id}: taken over by ${pm.name}`,
			text: auditText('jobTakenOver', { job: job.id, name: pm.name }),
		}
	})
	if (!taken) return false
	await recordAudit(services, pm, {
		action: 'update',
		subjectType: subject.type,
		subjectId: subject.id,
		summary: taken.summary,
		text: taken.text,
		changes: { managerId: pm.id },
	})
	await announceOrder(services, taken.orderId)
	await broadcastTo(services, JOBS_STREAM, { type: 'job', orderId: taken.orderId })
	return true
}

// Who a mail about an order or a job goes to: its PM (while their account may manage work), with the
// agency's address as a copy when the setting says so; the agency's address when it has no PM.
export async function managerRecipients(db: Database, subject: TakeSubject): Promise<{ to: string; cc?: string }> {
	const managerId =
		subject.type === 'job'
			? db
					.select({ id: jobManager })
					.from(jobs)
					.innerJoin(orders, eq(orders.id, jobs.orderId))
					.where(eq(jobs.id, subject.id))
			: db.select({ id: orders.managerId }).from(orders).where(eq(orders.id, subject.id))
	const [[manager], settings] = await Promise.all([
		db
			.select({ email: users.email })
			.from(users)
			.where(and(eq(users.id, sql`(${managerId})`), inArray(users.role, MANAGER_ROLES))),
		getSettings(db),
	])
	if (!manager) return { to: settings.email }
	const copy = settings.copyAgencyOnJobMail && manager.email !== settings.email
	return copy ? { to: manager.email, cc: settings.email } : { to: manager.email }
}

// The staff who can own work, for the to-do list's filter and the order page.
export async function listManagers(db: Database) {
	return db
		.select({ id: users.id, name: users.name })
		.from(users)
		.where(inArray(users.role, MANAGER_ROLES))
		.orderBy(users.name)
}

// A translator's message the PM dealt with otherwise (by phone, by the job's next step): off the
// to-do list without a reply in the thread. Audited; false when nothing was waiting.
export async function markMessageHandled(services: AuditServices & { db: Database }, pm: Actor, jobId: number) {
	const [job] = await services.db
		.update(jobs)
		.set({ awaitingReplySince: null })
		.where(and(eq(jobs.id, jobId), isNotNull(jobs.awaitingReplySince)))
		.returning({ orderId: jobs.orderId })
	if (!job) return false
	await recordAudit(services, pm, {
		action: 'update',
		subjectType: 'job',
		subjectId: jobId,
		summary: `Job ${jobId}: the translator's message marked handled by ${pm.name}`,
		text: auditText('messageHandled', { job: jobId, name: pm.name }),
	})
	await broadcastTo(services, JOBS_STREAM, { type: 'job', orderId: job.orderId })
	return true
}
