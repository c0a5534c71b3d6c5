import { and, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { jobMessages, jobOffers, jobs, orderEvents, orders, teamMembers, translators } from '#database/schema.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { moveJobIfAllowed } from '#app/models/vendor/job-status.server.ts'
import { announceJob, mailAgency, mailTranslator, type NotifyServices } from '#app/models/vendor/notify.server.ts'
import { userIdsOf } from '#app/models/vendor/jobs.server.ts'
import { mailTaken } from '#app/models/vendor/offer-mail.server.ts'
import type { Translator } from '#app/models/vendor/work.server.ts'
import type { Transaction as Tx } from '#database/client.ts'
import { startOrderFromJob, tellOrderStarted } from '#app/models/order/lifecycle.server.ts'
import { auditText, type AuditText } from '#app/models/audit/text.ts'

export const DeclineSchema = z.object({
	reason: z.string().trim().min(3, 'errors.declineReason').max(1000, 'errors.tooLong'),
})

// Why an offer cannot be answered: taken by someone else, or no longer open to this translator.
export type OfferOutcome = 'accepted' | 'declined' | 'taken' | 'gone'

// The first translator to accept gets the job: the job's row changes from 'offered' only once
// (a second accept, even at the same moment from another process, finds it taken), and every
// other offer is withdrawn in the same transaction.
export async function acceptOffer(
	services: NotifyServices,
	me: Translator,
	jobId: number,
	now = new Date(),
): Promise<OfferOutcome> {
	type Accepted = {
		outcome: OfferOutcome
		orderId?: number
		withdrawn?: number[]
		started?: Awaited<ReturnType<typeof startOrderFromJob>>
	}
	const result = await services.db.transaction(async (tx): Promise<Accepted> => {
		const [offer] = await tx
			.select()
			.from(jobOffers)
			.where(
				and(
					eq(jobOffers.jobId, jobId),
					eq(jobOffers.translatorId, me.id),
					eq(jobOffers.status, 'pending'),
					gt(jobOffers.expiresAt, now),
				),
			)
		if (!offer) {
			// Taken: another translator accepted, which withdrew this offer.
			const [job] = await tx.select({ translatorId: jobs.translatorId }).from(jobs).where(eq(jobs.id, jobId))
			const [mine] = await tx
				.select({ status: jobOffers.status })
				.from(jobOffers)
				.where(and(eq(jobOffers.jobId, jobId), eq(jobOffers.translatorId, me.id)))
			const isTaken = mine?.status === 'withdrawn' && job?.translatorId != null && job.translatorId !== me.id
			return { outcome: isTaken ? 'taken' : 'gone' }
		}
		const job = await moveJobIfAllowed(
			tx,
			jobId,
			'accepted',
			{ translatorId: me.id, fee: offer.fee, acceptedAt: now },
			now,
		)
		if (!job) return { outcome: 'taken' }
		await tx.update(jobOffers).set({ status: 'accepted', answeredAt: now }).where(eq(jobOffers.id, offer.id))
		const withdrawn = await tx
			.update(jobOffers)
			.set({ status: 'withdrawn', answeredAt: now })
			.where(and(eq(jobOffers.jobId, jobId), eq(jobOffers.status, 'pending'), ne(jobOffers.id, offer.id)))
			.returning({ translatorId: jobOffers.translatorId })
		await tx.insert(jobMessages).values({ jobId, author: 'event', userName: me.name, body: 'accepted' })
		await assignOnOrder(tx, me, job.orderId)
		const started = await startOrderFromJob(tx, me, job.orderId)
		return {
			outcome: 'accepted',
			orderId: job.orderId,
			withdrawn: withdrawn.map((row) => row.translatorId),
			started,
		}
	})
	if (result.orderId === undefined) return result.outcome
	await audit(services, me, jobId, 'accepted the job', auditText('offerAccepted', { job: jobId, name: me.name }))
	if (result.started) await tellOrderStarted(services, { id: me.userId, name: me.name }, result.started)
	await announceJob(services, result.orderId, [me.userId, ...(await userIdsOf(services, result.withdrawn ?? []))])
	await mailTaken(services, jobId, result.withdrawn ?? [])
	return 'accepted'
}

export async function declineOffer(
	services: NotifyServices,
	me: Translator,
	jobId: number,
	reason: string,
	now = new Date(),
): Promise<OfferOutcome> {
	const result = await services.db.transaction(async (tx) => {
		const [offer] = await tx
			.update(jobOffers)
			.set({ status: 'declined', reason, answeredAt: now })
			.where(and(eq(jobOffers.jobId, jobId), eq(jobOffers.translatorId, me.id), eq(jobOffers.status, 'pending')))
			.returning({ id: jobOffers.id })
		if (!offer) return null
		await tx.insert(jobMessages).values({ jobId, author: 'event', userName: me.name, body: `declined:${reason}` })
		return closeIfUnanswerable(tx, jobId, now)
	})
	if (!result) return 'gone'
	await audit(
		services,
		me,
		jobId,
		`declined the offer: ${reason}`,
		auditText('offerDeclined', { job: jobId, name: me.name, reason }),
	)
	if (result.nobody) await mailAgency(services, 'unanswered', { jobId: String(jobId), reference: result.reference })
	await announceJob(services, result.orderId, [me.userId])
	return 'declined'
}

// The order's translator, as the order list shows and filters it, is the team member who took its
// first job (when they are on the about page and no one is assigned yet); noted for staff.
async function assignOnOrder(tx: Tx, me: Translator, orderId: number) {
	const [member] = await tx
		.select({ id: teamMembers.id, name: teamMembers.name })
		.from(translators)
		.innerJoin(teamMembers, eq(teamMembers.id, translators.teamMemberId))
		.where(eq(translators.id, me.id))
	if (!member) return
	const [assigned] = await tx
		.update(orders)
		.set({ translatorId: member.id, updatedAt: new Date() })
		.where(and(eq(orders.id, orderId), isNull(orders.translatorId)))
		.returning({ id: orders.id })
	if (assigned)
		await tx
			.insert(orderEvents)
			.values({ orderId, kind: 'assigned', body: member.name, userName: me.name, internal: true })
}

// A job whose offers are all answered without a taker is open again, for the PM to offer anew.
async function closeIfUnanswerable(tx: Tx, jobId: number, now: Date) {
	const [pending] = await tx
		.select({ n: sql<number>`count(*)::int` })
		.from(jobOffers)
		.where(and(eq(jobOffers.jobId, jobId), eq(jobOffers.status, 'pending')))
	const nobody = pending!.n === 0
	const reopened = nobody ? await moveJobIfAllowed(tx, jobId, 'open', {}, now) : null
	const job = reopened ?? (await tx.select({ orderId: jobs.orderId }).from(jobs).where(eq(jobs.id, jobId)))[0]!
	const [order] = await tx.select({ reference: orders.reference }).from(orders).where(eq(orders.id, job.orderId))
	return { orderId: job.orderId, reference: order!.reference, nobody: reopened !== null }
}

// Offers not answered in time expire (once, whichever process gets there first); a job left with
// no open offer is open again and the agency is told.
export async function expireOffers(services: NotifyServices, now = new Date()): Promise<number> {
	const expired = await services.db
		.update(jobOffers)
		.set({ status: 'expired', answeredAt: now })
		.where(and(eq(jobOffers.status, 'pending'), lte(jobOffers.expiresAt, now)))
		.returning({ jobId: jobOffers.jobId, translatorId: jobOffers.translatorId })
	if (!expired.length) return 0
	const jobIds = [...new Set(expired.map((row) => row.jobId))]
	for (const jobId of jobIds) {
		const result = await services.db.transaction(async (tx) => {
			await tx.insert(jobMessages).values({ jobId, author: 'event', userName: 'Tolk', body: 'expired' })
			return closeIfUnanswerable(tx, jobId, now)
		})
		await recordAudit(
			services,
			{ id: null, name: 'Tolk' },
			{
				action: 'update',
				subjectType: 'job',
				subjectId: jobId,
				summary: `Job ${jobId}: offers expired without an answer${result.nobody ? '; nobody took it' : ''}`,
				text: auditText(result.nobody ? 'offersExpiredNobody' : 'offersExpired', { job: jobId }),
			},
		)
		if (result.nobody) await mailAgency(services, 'unanswered', { jobId: String(jobId), reference: result.reference })
		const translatorIds = expired.filter((row) => row.jobId === jobId).map((row) => row.translatorId)
		await announceJob(services, result.orderId, await userIdsOf(services, translatorIds))
	}
	return expired.length
}

// Offers still waiting on a job the PM cancels are withdrawn; the translators are told live.
export async function withdrawOffers(services: NotifyServices, jobIds: number[], now = new Date()) {
	if (!jobIds.length) return []
	const rows = await services.db
		.update(jobOffers)
		.set({ status: 'withdrawn', answeredAt: now })
		.where(and(inArray(jobOffers.jobId, jobIds), eq(jobOffers.status, 'pending')))
		.returning({ translatorId: jobOffers.translatorId })
	for (const row of rows) await mailTranslator(services, row.translatorId, 'withdrawn', {})
	return userIdsOf(
		services,
		rows.map((row) => row.translatorId),
	)
}

async function audit(services: NotifyServices, me: Translator, jobId: number, what: string, text: AuditText) {
	await recordAudit(
		services,
		{ id: me.userId, name: me.name },
		{ action: 'update', subjectType: 'job', subjectId: jobId, summary: `Job ${jobId}: ${me.name} ${what}`, text },
	)
}
