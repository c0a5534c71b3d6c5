import { and, desc, eq, inArray } from 'drizzle-orm'
import { jobs, orderEvents, orders, translators, users } from '#database/schema.ts'
import type { Database } from '#database/client.ts'
import type { CalendarDate } from '#app/models/calendar/working-days.ts'
import { createJob } from '#app/models/vendor/jobs.server.ts'
import { JobRefused } from '#app/models/vendor/job-status.server.ts'
import { suggestedDeadline } from '#app/models/vendor/deadline.ts'
import type { NotifyServices } from '#app/models/vendor/notify.server.ts'

type Actor = { id: number; name: string }

// Jobs that are working on the order now: a revision needs none of these to be asked for again.
const WORKING = ['open', 'offered', 'accepted', 'in_progress', 'done', 'returned'] as const

// What the order page offers when the customer asked for a revision: their reason, and the
// translator of the order's last approved translation (null when there is none to revise).
export async function revisionToOffer(db: Database, orderId: number) {
	const [[order], [asked], [last], working] = await Promise.all([
		db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)),
		db
			.select({ body: orderEvents.body })
			.from(orderEvents)
			.where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'revision')))
			.orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
			.limit(1),
		db
			.select({ job: jobs, name: users.name })
			.from(jobs)
			.innerJoin(translators, eq(translators.id, jobs.translatorId))
			.innerJoin(users, eq(users.id, translators.userId))
			.where(and(eq(jobs.orderId, orderId), eq(jobs.kind, 'translation'), eq(jobs.status, 'approved')))
			.orderBy(desc(jobs.approvedAt), desc(jobs.id))
			.limit(1),
		db
			.select({ id: jobs.id })
			.from(jobs)
			.where(and(eq(jobs.orderId, orderId), inArray(jobs.status, WORKING)))
			.limit(1),
	])
	if (order?.status !== 'revision_requested' || working.length) return null
	return { reason: asked?.body ?? '', translator: last ? { id: last.job.translatorId!, name: last.name } : null, last }
}

// "Offer the revision" in one click: a revision job on the documents of the last approved
// translation, carrying the delivered files and the customer's reason, offered first to the
// translator who did the work, due by the form's rule (the next working day at 16:00 once the
// customer's date has passed). Errors as the job form has them (the translator no longer active
// or in the pair: translatorIds).
export async function offerRevision(services: NotifyServices, pm: Actor, orderId: number, now = new Date()) {
	const offer = await revisionToOffer(services.db, orderId)
	if (!offer?.last) throw new JobRefused('state')
	const [order] = await services.db.select({ dueDate: orders.dueDate }).from(orders).where(eq(orders.id, orderId))
	const { job } = offer.last
	const made = await createJob(
		services,
		pm,
		orderId,
		{
			kind: 'revision',
			documentIds: job.documentIds,
			from: job.fromLanguage,
			to: job.toLanguage,
			deadline: suggestedDeadline(order!.dueDate as CalendarDate, now),
			instructions: '',
			reason: offer.reason,
			feeReason: '',
			translatorIds: [job.translatorId!],
		},
		now,
	)
	return { ...made, translator: offer.translator!.name }
}
