import { and, asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import {
	documents,
	JOB_KINDS,
	jobMessages,
	jobOffers,
	jobs,
	orderFiles,
	orders,
	translators,
	users,
} from '#database/schema.ts'
import type { CalendarDate } from '#app/models/calendar/working-days.ts'
import { JobRefused, moveJobIfAllowed } from '#app/models/vendor/job-status.server.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { answerBy, checkDeadline } from '#app/models/vendor/deadline.ts'
import { suggestedHours } from '#app/models/vendor/fees.ts'
import { candidatesFor } from '#app/models/vendor/translators.server.ts'
import { announceJob, type NotifyServices } from '#app/models/vendor/notify.server.ts'
import { mailOffers } from '#app/models/vendor/offer-mail.server.ts'
import { ownNewJob } from '#app/models/vendor/manager.server.ts'
import type { FieldErrors } from '#app/models/records/form.ts'
import { numberField } from '#app/models/records/form.ts'
import { toBeRevised } from '#app/models/order/delivery.server.ts'
import { auditText, textOf } from '#app/models/audit/text.ts'

type Actor = { id: number; name: string }

export const JobFormSchema = z.object({
	kind: z.enum(JOB_KINDS).catch('translation'),
	documentIds: z.array(z.uuid()).min(1, 'errors.jobDocuments').max(200),
	from: z.string().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, 'errors.invalid'),
	to: z.string().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, 'errors.invalid'),
	deadline: z.string().max(20),
	instructions: z.string().trim().max(5000, 'errors.tooLong').default(''),
	fixedFee: z.preprocess(
		(value) => (value === '' ? undefined : value),
		numberField({ min: 0, max: 1_000_000 }).optional(),
	),
	feeReason: z.string().trim().max(500, 'errors.tooLong').default(''),
	// A revision's or proofreading's expected hours (what an hourly translator is paid).
	hours: z.preprocess((value) => (value === '' ? undefined : value), numberField({ min: 0.25, max: 500 }).optional()),
	// The customer's reason, for a revision made from their request.
	reason: z.string().trim().max(2000, 'errors.tooLong').default(''),
	translatorIds: z.array(z.coerce.number().int().positive()).min(1, 'errors.jobTranslators').max(50),
})
export type JobFormValues = z.infer<typeof JobFormSchema>

export function readJobForm(form: FormData) {
	const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : '')
	return {
		kind: text('kind'),
		documentIds: form.getAll('documentIds'),
		from: text('from'),
		to: text('to'),
		deadline: text('deadline'),
		instructions: text('instructions'),
		fixedFee: text('fixedFee'),
		feeReason: text('feeReason'),
		hours: text('hours'),
		translatorIds: form.getAll('translatorIds'),
	}
}

// The work in a job's documents: words (of them, repeated within the order) and whole minutes.
export function workOf(sources: { words: number | null; minutes: number | null; repeatedWords: number }[]) {
	const sum = (value: (source: (typeof sources)[number]) => number) =>
		sources.reduce((total, source) => total + value(source), 0)
	return {
		words: sum((source) => source.words ?? 0),
		minutes: sum((source) => Math.ceil(source.minutes ?? 0)),
		repeatedWords: sum((source) => Math.min(source.words ?? 0, source.repeatedWords)),
	}
}

// A new job on an order, offered at once to the chosen translators (each of whom must work in the
// pair); its deadline and fee are checked here, on the server, whatever the form allowed.
export async function createJob(
	services: NotifyServices,
	pm: Actor,
	orderId: number,
	values: JobFormValues,
	now = new Date(),
): Promise<{ jobId: number } | { errors: FieldErrors }> {
	const { db } = services
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	if (!order) throw new JobRefused('not-found')
	if (order.status === 'cancelled' || order.status === 'delivered') throw new JobRefused('order-closed')
	const errors: FieldErrors = {}
	const checked = checkDeadline(values.deadline, order.dueDate as CalendarDate, now)
	if ('problem' in checked) errors.deadline = `errors.deadline.${checked.problem}`
	if (values.fixedFee !== undefined && values.feeReason.length < 3) errors.feeReason = 'errors.feeReason'
	const sources = await db
		.select({
			id: documents.id,
			words: documents.words,
			minutes: documents.minutes,
			repeatedWords: documents.repeatedWords,
		})
		.from(documents)
		.where(and(eq(documents.orderId, orderId), inArray(documents.id, values.documentIds)))
	if (sources.length !== new Set(values.documentIds).size) errors.documentIds = 'errors.jobDocuments'
	const { words, minutes, repeatedWords } = workOf(sources)
	const candidates = await candidatesFor(db, values, words, minutes, {
		kind: values.kind,
		hours: values.hours ?? null,
		repeatedWords,
	})
	const chosen = candidates.filter((candidate) => values.translatorIds.includes(candidate.id))
	if (chosen.length !== new Set(values.translatorIds).size) errors.translatorIds = 'errors.jobTranslators'
	if (Object.keys(errors).length || 'problem' in checked) return { errors }

	const { offerExpiryHours } = await getSettings(db)
	const expiresAt = answerBy(now, checked.deadline, offerExpiryHours)
	// A revision or proofreading works on what was delivered: the customer's files as they are now
	// (and those about to be delivered).
	const delivered =
		values.kind === 'translation'
			? []
			: await db
					.select({ id: orderFiles.id })
					.from(orderFiles)
					.where(and(eq(orderFiles.orderId, orderId), toBeRevised))
					.orderBy(asc(orderFiles.createdAt))
	const jobId = await db.transaction(async (tx) => {
		const [job] = await tx
			.insert(jobs)
			.values({
				orderId,
				kind: values.kind,
				status: 'offered',
				fromLanguage: values.from,
				toLanguage: values.to,
				documentIds: sources.map((source) => source.id),
				words,
				repeatedWords,
				minutes,
				deadline: checked.deadline,
				instructions: values.instructions,
				reason: values.reason,
				deliveredFileIds: delivered.map((file) => file.id),
				hours: values.kind === 'translation' ? null : (values.hours ?? suggestedHours(words)),
				fixedFee: values.fixedFee ?? null,
				feeReason: values.fixedFee === undefined ? '' : values.feeReason,
				createdBy: pm.name,
			})
			.returning({ id: jobs.id })
		await tx.insert(jobOffers).values(
			chosen.map((candidate) => ({
				jobId: job!.id,
				translatorId: candidate.id,
				fee: values.fixedFee ?? candidate.fee,
				repetitionPercent: values.fixedFee === undefined ? candidate.repetitionShare : null,
				expiresAt,
			})),
		)
		await ownNewJob(tx, pm, orderId, job!.id)
		await tx.insert(jobMessages).values({
			jobId: job!.id,
			author: 'event',
			userName: pm.name,
			body: `offered:${chosen.map((candidate) => candidate.name).join(', ')}`,
		})
		return job!.id
	})
	await recordAudit(services, pm, {
		action: 'create',
		subjectType: 'job',
		subjectId: jobId,
		summary: `Order ${order.reference}: job ${jobId} (${values.kind}, ${words} words) offered to ${chosen.map((c) => c.name).join(', ')}`,
		text: auditText('jobOffered', {
			reference: order.reference,
			job: jobId,
			kind: textOf(`jobs.kind.${values.kind}`),
			words: { number: words },
			names: chosen.map((c) => c.name).join(', '),
		}),
		changes: { translators: chosen.map((candidate) => candidate.id), fixedFee: values.fixedFee ?? null },
	})
	await mailOffers(
		services,
		{
			reference: order.reference,
			jobId,
			from: values.from,
			to: values.to,
			words,
			repeatedWords,
			deadline: checked.deadline,
			expiresAt,
		},
		chosen.map((candidate) => ({
			translatorId: candidate.id,
			fee: values.fixedFee ?? candidate.fee,
			repetitionPercent: values.fixedFee === undefined ? candidate.repetitionShare : null,
		})),
	)
	await announceJob(
		services,
		orderId,
		await userIdsOf(
			services,
			chosen.map((candidate) => candidate.id),
		),
	)
	return { jobId }
}

export async function userIdsOf(services: Pick<NotifyServices, 'db'>, translatorIds: number[]): Promise<number[]> {
	if (!translatorIds.length) return []
	const rows = await services.db
		.select({ userId: translators.userId })
		.from(translators)
		.where(inArray(translators.id, translatorIds))
	return rows.map((row) => row.userId)
}

// The jobs of an order for its staff page: each with its translator and its offers.
export async function jobsOfOrder(services: Pick<NotifyServices, 'db'>, orderId: number) {
	const { db } = services
	const rows = await db.select().from(jobs).where(eq(jobs.orderId, orderId)).orderBy(asc(jobs.id))
	if (!rows.length) return []
	const offers = await db
		.select({
			jobId: jobOffers.jobId,
			translatorId: jobOffers.translatorId,
			status: jobOffers.status,
			fee: jobOffers.fee,
			reason: jobOffers.reason,
			name: users.name,
		})
		.from(jobOffers)
		.innerJoin(translators, eq(translators.id, jobOffers.translatorId))
		.innerJoin(users, eq(users.id, translators.userId))
		.where(
			inArray(
				jobOffers.jobId,
				rows.map((row) => row.id),
			),
		)
		.orderBy(asc(jobOffers.id))
	return rows.map((row) => ({
		...row,
		offers: offers.filter((offer) => offer.jobId === row.id),
		translator: offers.find((offer) => offer.jobId === row.id && offer.translatorId === row.translatorId)?.name ?? null,
	}))
}

// A job nobody took, offered again (to the same translators or others).
export async function reofferJob(
	services: NotifyServices,
	pm: Actor,
	jobId: number,
	translatorIds: number[],
	now = new Date(),
) {
	const { db } = services
	const [job] = await db
		.select({ job: jobs, reference: orders.reference })
		.from(jobs)
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.where(eq(jobs.id, jobId))
	if (!job) throw new JobRefused('not-found')
	if (job.job.status !== 'open') throw new JobRefused('state')
	const candidates = await candidatesFor(
		db,
		{ from: job.job.fromLanguage, to: job.job.toLanguage },
		job.job.words,
		job.job.minutes,
		job.job,
	)
	const chosen = candidates.filter((candidate) => translatorIds.includes(candidate.id))
	if (!chosen.length || chosen.length !== new Set(translatorIds).size) throw new JobRefused('translators')
	const { offerExpiryHours } = await getSettings(db)
	const expiresAt = answerBy(now, job.job.deadline, offerExpiryHours)
	const offered = await db.transaction(async (tx) => {
		if (!(await moveJobIfAllowed(tx, jobId, 'offered', {}, now))) return false
		for (const candidate of chosen) {
			const offer = {
				status: 'pending' as const,
				fee: job.job.fixedFee ?? candidate.fee,
				repetitionPercent: job.job.fixedFee === null ? candidate.repetitionShare : null,
				expiresAt,
				reason: '',
				answeredAt: null,
			}
			await tx
				.insert(jobOffers)
				.values({ jobId, translatorId: candidate.id, ...offer })
				.onConflictDoUpdate({ target: [jobOffers.jobId, jobOffers.translatorId], set: offer })
		}
		await tx
			.insert(jobMessages)
			.values({ jobId, author: 'event', userName: pm.name, body: `offered:${chosen.map((c) => c.name).join(', ')}` })
		return true
	})
	if (!offered) throw new JobRefused('state')
	await recordAudit(services, pm, {
		action: 'update',
		subjectType: 'job',
		subjectId: jobId,
		summary: `Order ${job.reference}: job ${jobId} offered again to ${chosen.map((c) => c.name).join(', ')}`,
		text: auditText('jobOfferedAgain', {
			reference: job.reference,
			job: jobId,
			names: chosen.map((c) => c.name).join(', '),
		}),
	})
	await mailOffers(
		services,
		{
			reference: job.reference,
			jobId,
			from: job.job.fromLanguage,
			to: job.job.toLanguage,
			words: job.job.words,
			repeatedWords: job.job.repeatedWords,
			deadline: job.job.deadline,
			expiresAt,
		},
		chosen.map((candidate) => ({
			translatorId: candidate.id,
			fee: job.job.fixedFee ?? candidate.fee,
			repetitionPercent: job.job.fixedFee === null ? candidate.repetitionShare : null,
		})),
	)
	await announceJob(
		services,
		job.job.orderId,
		await userIdsOf(
			services,
			chosen.map((candidate) => candidate.id),
		),
	)
}
