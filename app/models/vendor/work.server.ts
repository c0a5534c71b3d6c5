import path from 'node:path'
import { and, asc, desc, eq, inArray, isNull, ne, not, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
	documents,
	jobFiles,
	jobMessages,
	jobOffers,
	jobs,
	languages,
	orderFiles,
	orders,
	translatorPayouts,
} from '#database/schema.ts'
import type { Transaction } from '#database/client.ts'
import type { AppServices } from '#app/models/services.ts'
import { approvedMonth as month } from '#app/models/vendor/payables.server.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { receiveFile, type MultipartSource } from '#app/models/documents/upload.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { announceJob, mailAgency, type NotifyServices } from '#app/models/vendor/notify.server.ts'
import { canMoveJob, isOpenJob, JobRefused, moveJob, OPEN_JOB_STATUSES } from '#app/models/vendor/job-status.server.ts'
import { isUuid } from '#app/utils/uuid.ts'
import { auditText } from '#app/models/audit/text.ts'

export type Translator = { id: number; userId: number; name: string }
// No row has it: `in` of an empty list is not valid SQL.
const NO_ID = '00000000-0000-0000-0000-000000000000'
type FileServices = NotifyServices & Pick<AppServices, 'documentsDir' | 'files'>

export const MessageSchema = z.object({ body: z.string().trim().min(1, 'errors.required').max(5000, 'errors.tooLong') })
export const DoneSchema = z.object({ note: z.string().trim().max(2000, 'errors.tooLong').default('') })

// What a translator is shown of a job: the order's reference, the languages, the documents'
// names and words, the deadline, the PM's instructions and their fee. Never the customer's
// name, address, contact details or what the customer pays.
const JOB_VIEW = {
	id: jobs.id,
	status: jobs.status,
	kind: jobs.kind,
	reference: orders.reference,
	fromLanguage: jobs.fromLanguage,
	toLanguage: jobs.toLanguage,
	words: jobs.words,
	repeatedWords: jobs.repeatedWords,
	minutes: jobs.minutes,
	deadline: jobs.deadline,
	instructions: jobs.instructions,
	reason: jobs.reason,
	fee: jobs.fee,
	translatorId: jobs.translatorId,
	documentIds: jobs.documentIds,
	deliveredFileIds: jobs.deliveredFileIds,
	returnNote: jobs.returnNote,
	doneNote: jobs.doneNote,
	approvedAt: jobs.approvedAt,
}

// A job as this translator may see it: theirs, or offered to them and still open; null otherwise
// (another translator's job, an offer withdrawn or expired, no such job), so an id tells nothing.
export async function jobForTranslator(services: Pick<NotifyServices, 'db'>, me: Translator, jobId: number) {
	const { db } = services
	const [job] = await db
		.select(JOB_VIEW)
		.from(jobs)
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.where(eq(jobs.id, jobId))
	if (!job) return null
	const [offer] = await db
		.select({
			status: jobOffers.status,
			fee: jobOffers.fee,
			expiresAt: jobOffers.expiresAt,
			repetitionPercent: jobOffers.repetitionPercent,
		})
		.from(jobOffers)
		.where(and(eq(jobOffers.jobId, jobId), eq(jobOffers.translatorId, me.id)))
	const isMine = job.translatorId === me.id
	if (!isMine && offer?.status !== 'pending') return null
	const [sources, delivered, files, messages, names] = await Promise.all([
		db
			.select({ id: documents.id, name: documents.name, words: documents.words, minutes: documents.minutes })
			.from(documents)
			.where(inArray(documents.id, job.documentIds.length ? job.documentIds : [NO_ID]))
			.orderBy(asc(documents.createdAt)),
		job.deliveredFileIds.length
			? db
					.select({ id: orderFiles.id, name: orderFiles.name, size: orderFiles.size })
					.from(orderFiles)
					.where(and(inArray(orderFiles.id, job.deliveredFileIds), isNull(orderFiles.deletedAt)))
					.orderBy(asc(orderFiles.createdAt))
			: [],
		isMine
			? db
					.select({
						id: jobFiles.id,
						name: jobFiles.name,
						size: jobFiles.size,
						supersededAt: jobFiles.supersededAt,
						createdAt: jobFiles.createdAt,
					})
					.from(jobFiles)
					.where(and(eq(jobFiles.jobId, jobId), isNull(jobFiles.deletedAt)))
					.orderBy(asc(jobFiles.createdAt))
			: [],
		isMine ? threadOf(db, jobId, { forTranslator: true }) : [],
		languageNames(db, [job.fromLanguage, job.toLanguage]),
	])
	const { translatorId: _translatorId, documentIds: _documentIds, deliveredFileIds: _delivered, ...shown } = job
	return {
		job: {
			...shown,
			fee: isMine ? job.fee : offer!.fee,
			// The share of their rate the fee paid repeated words at (null: a fixed fee, or an older offer).
			repetitionPercent: offer?.repetitionPercent ?? null,
			fromName: names.get(job.fromLanguage),
			toName: names.get(job.toLanguage),
		},
		offer: isMine ? null : { expiresAt: offer!.expiresAt },
		canWork: isMine && isOpenJob(job.status),
		sources,
		delivered,
		files,
		messages,
	}
}

// Who else was offered the job, and why they declined, is the PM's to know: the translator's
// thread leaves those events out.
const ABOUT_OTHERS = sql`(${jobMessages.author} = 'event' and (${jobMessages.body} like 'offered:%' or ${jobMessages.body} like 'declined:%' or ${jobMessages.body} = 'expired'))`

export async function threadOf(db: NotifyServices['db'], jobId: number, { forTranslator = false } = {}) {
	return db
		.select({
			id: jobMessages.id,
			author: jobMessages.author,
			userName: jobMessages.userName,
			body: jobMessages.body,
			createdAt: jobMessages.createdAt,
		})
		.from(jobMessages)
		.where(and(eq(jobMessages.jobId, jobId), forTranslator ? not(ABOUT_OTHERS) : undefined))
		.orderBy(asc(jobMessages.createdAt), asc(jobMessages.id))
}

export async function languageNames(db: NotifyServices['db'], codes: string[]) {
	const rows = await db
		.select({ code: languages.code, da: languages.nameDa, en: languages.nameEn })
		.from(languages)
		.where(inArray(languages.code, codes))
	return new Map(rows.map((row) => [row.code, { da: row.da, en: row.en }]))
}

// A job this translator works on now, locked for the change.
export async function workingJob(tx: Transaction, me: Translator, jobId: number) {
	const [job] = await tx
		.select({
			id: jobs.id,
			status: jobs.status,
			orderId: jobs.orderId,
			documentIds: jobs.documentIds,
			deliveredFileIds: jobs.deliveredFileIds,
		})
		.from(jobs)
		.where(and(eq(jobs.id, jobId), eq(jobs.translatorId, me.id)))
		.for('update')
	return job
}

// A source document of the translator's job, or a delivered file a revision or proofreading works
// on: only one the job names, only while they work on it; each download is in the audit log, and
// the first one starts the job.
export async function takeJobSource(
	services: NotifyServices & Pick<AppServices, 'documentsDir'>,
	me: Translator,
	jobId: number,
	documentId: string,
	which: 'source' | 'delivered' = 'source',
) {
	if (!isUuid(documentId)) return null
	const found = await services.db.transaction(async (tx) => {
		const job = await workingJob(tx, me, jobId)
		const named = which === 'source' ? job?.documentIds : job?.deliveredFileIds
		if (!job || !isOpenJob(job.status) || !named?.includes(documentId)) return null
		const [source] =
			which === 'source'
				? await tx
						.select({ name: documents.name, storedName: documents.storedName })
						.from(documents)
						.where(and(eq(documents.id, documentId), eq(documents.orderId, job.orderId)))
				: await tx
						.select({ name: orderFiles.name, storedName: orderFiles.storedName })
						.from(orderFiles)
						.where(
							and(eq(orderFiles.id, documentId), eq(orderFiles.orderId, job.orderId), isNull(orderFiles.deletedAt)),
						)
		if (!source) return null
		if (job.status === 'accepted') await moveJob(tx, jobId, 'in_progress')
		return { ...source, orderId: job.orderId, started: job.status === 'accepted' }
	})
	if (!found) return null
	await recordAudit(
		services,
		{ id: me.userId, name: me.name },
		{
			action: 'download',
			subjectType: 'job',
			subjectId: jobId,
			summary: `Job ${jobId}: ${me.name} downloaded ${found.name}`,
			text: auditText('jobDownloaded', { job: jobId, name: me.name, file: found.name }),
		},
	)
	if (found.started) await announceJob(services, found.orderId, [me.userId])
	const directory = which === 'source' ? services.documentsDir : deliveriesDirOf(services.documentsDir)
	return { file: path.join(directory, found.storedName), name: found.name }
}

// The translation, uploaded by the translator and checked as customers' uploads are.
export async function addJobFile(
	services: FileServices,
	me: Translator,
	jobId: number,
	source: MultipartSource,
	limitMib: number,
) {
	const [job] = await services.db
		.select({ status: jobs.status })
		.from(jobs)
		.where(and(eq(jobs.id, jobId), eq(jobs.translatorId, me.id)))
	if (!job) return null
	if (!isOpenJob(job.status)) throw new JobRefused('state')
	const stored = await receiveFile(
		source,
		services.files,
		deliveriesDirOf(services.documentsDir),
		limitMib,
		(received, moveIntoPlace) =>
			services.db.transaction(async (tx) => {
				const locked = await workingJob(tx, me, jobId)
				if (!locked || !isOpenJob(locked.status)) throw new JobRefused('state')
				const [row] = await tx
					.insert(jobFiles)
					.values({
						id: received.id,
						jobId,
						name: received.name,
						type: received.extension,
						size: received.size,
						storedName: received.storedName,
					})
					.returning()
				if (locked.status !== 'in_progress') await moveJob(tx, jobId, 'in_progress')
				await tx
					.insert(jobMessages)
					.values({ jobId, author: 'event', userName: me.name, body: `file:${received.name}` })
				await moveIntoPlace()
				return { file: row!, orderId: locked.orderId }
			}),
	)
	await recordAudit(
		services,
		{ id: me.userId, name: me.name },
		{
			action: 'create',
			subjectType: 'job',
			subjectId: jobId,
			summary: `Job ${jobId}: ${me.name} uploaded ${stored.file.name}`,
			text: auditText('jobUploaded', { job: jobId, name: me.name, file: stored.file.name }),
			changes: { file: stored.file.name, size: stored.file.size },
		},
	)
	await announceJob(services, stored.orderId, [me.userId])
	return stored.file
}

// Handed in, with a note: only with a translation uploaded since the job was last returned.
export async function markJobDone(services: NotifyServices, me: Translator, jobId: number, note: string) {
	const done = await services.db.transaction(async (tx) => {
		const job = await workingJob(tx, me, jobId)
		if (!job) return null
		if (!canMoveJob(job.status, 'done'))
			throw new JobRefused(job.status === 'accepted' || job.status === 'returned' ? 'no-file' : 'state')
		const [current] = await tx
			.select({ id: jobFiles.id })
			.from(jobFiles)
			.where(and(eq(jobFiles.jobId, jobId), isNull(jobFiles.supersededAt), isNull(jobFiles.deletedAt)))
			.limit(1)
		if (!current) throw new JobRefused('no-file')
		await moveJob(tx, jobId, 'done', { doneNote: note, doneAt: new Date() })
		await tx.insert(jobMessages).values({ jobId, author: 'event', userName: me.name, body: `done:${note}` })
		const [order] = await tx.select({ reference: orders.reference }).from(orders).where(eq(orders.id, job.orderId))
		return { orderId: job.orderId, reference: order!.reference }
	})
	if (!done) return null
	await recordAudit(
		services,
		{ id: me.userId, name: me.name },
		{
			action: 'update',
			subjectType: 'job',
			subjectId: jobId,
			summary: `Job ${jobId}: ${me.name} handed in the translation`,
			text: auditText('jobHandedIn', { job: jobId, name: me.name }),
		},
	)
	await mailAgency(services, 'done', { jobId: String(jobId), reference: done.reference, name: me.name })
	await announceJob(services, done.orderId, [me.userId])
	return done
}

// A message in the job's thread from the translator to the PM.
export async function postTranslatorMessage(services: NotifyServices, me: Translator, jobId: number, body: string) {
	const [job] = await services.db
		.select({ orderId: jobs.orderId, reference: orders.reference })
		.from(jobs)
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.where(and(eq(jobs.id, jobId), eq(jobs.translatorId, me.id)))
	if (!job) return null
	await services.db.transaction(async (tx) => {
		await tx.insert(jobMessages).values({ jobId, author: 'translator', userName: me.name, body })
		await tx
			.update(jobs)
			.set({ awaitingReplySince: sql`coalesce(${jobs.awaitingReplySince}, ${new Date().toISOString()}::timestamptz)` })
			.where(eq(jobs.id, jobId))
	})
	await mailAgency(services, 'fromTranslator', { jobId: String(jobId), reference: job.reference, name: me.name, body })
	await announceJob(services, job.orderId, [me.userId])
	return job
}

// A file the translator uploaded to their job, for them again (not logged: it is their own).
export async function takeOwnJobFile(
	services: Pick<AppServices, 'db' | 'documentsDir'>,
	me: Translator,
	jobId: number,
	fileId: string,
) {
	if (!isUuid(fileId)) return null
	const [row] = await services.db
		.select({ name: jobFiles.name, storedName: jobFiles.storedName })
		.from(jobFiles)
		.innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
		.where(
			and(eq(jobFiles.id, fileId), eq(jobFiles.jobId, jobId), eq(jobs.translatorId, me.id), isNull(jobFiles.deletedAt)),
		)
	return row ? { file: path.join(deliveriesDirOf(services.documentsDir), row.storedName), name: row.name } : null
}

const TAKEN_SHOWN_MS = 24 * 3_600_000

// The translator's pages: offers waiting on them, their jobs, past jobs and earnings by month.
export async function workOverview(services: Pick<NotifyServices, 'db'>, me: Translator, now = new Date()) {
	const { db } = services
	const listed = {
		id: jobs.id,
		status: jobs.status,
		kind: jobs.kind,
		reference: orders.reference,
		fromLanguage: jobs.fromLanguage,
		toLanguage: jobs.toLanguage,
		words: jobs.words,
		minutes: jobs.minutes,
		deadline: jobs.deadline,
	}
	const [offers, taken, open, past, earnings, paid] = await Promise.all([
		db
			.select({
				...listed,
				fee: jobOffers.fee,
				expiresAt: jobOffers.expiresAt,
				instructions: jobs.instructions,
				repeatedWords: jobs.repeatedWords,
				repetitionPercent: jobOffers.repetitionPercent,
			})
			.from(jobOffers)
			.innerJoin(jobs, eq(jobs.id, jobOffers.jobId))
			.innerJoin(orders, eq(orders.id, jobs.orderId))
			.where(
				and(eq(jobOffers.translatorId, me.id), eq(jobOffers.status, 'pending'), sql`${jobOffers.expiresAt} > ${now}`),
			)
			.orderBy(asc(jobOffers.expiresAt)),
		// Offers another translator took first, in the last day: said, so they do not just vanish.
		db
			.select({ ...listed, takenAt: jobOffers.answeredAt })
			.from(jobOffers)
			.innerJoin(jobs, eq(jobs.id, jobOffers.jobId))
			.innerJoin(orders, eq(orders.id, jobs.orderId))
			.where(
				and(
					eq(jobOffers.translatorId, me.id),
					eq(jobOffers.status, 'withdrawn'),
					ne(jobs.translatorId, me.id),
					sql`${jobOffers.answeredAt} > ${new Date(now.getTime() - TAKEN_SHOWN_MS)}`,
				),
			)
			.orderBy(desc(jobOffers.answeredAt)),
		db
			.select({ ...listed, fee: jobs.fee })
			.from(jobs)
			.innerJoin(orders, eq(orders.id, jobs.orderId))
			.where(and(eq(jobs.translatorId, me.id), inArray(jobs.status, [...OPEN_JOB_STATUSES, 'done'])))
			.orderBy(asc(jobs.deadline)),
		db
			.select({ ...listed, fee: jobs.fee, approvedAt: jobs.approvedAt })
			.from(jobs)
			.innerJoin(orders, eq(orders.id, jobs.orderId))
			.where(and(eq(jobs.translatorId, me.id), eq(jobs.status, 'approved')))
			.orderBy(desc(jobs.approvedAt))
			.limit(50),
		db
			.select({ month, jobs: sql<number>`count(*)::int`, amount: sql<string>`sum(${jobs.fee})` })
			.from(jobs)
			.where(and(eq(jobs.translatorId, me.id), eq(jobs.status, 'approved')))
			.groupBy(month)
			.orderBy(desc(month))
			.limit(24),
		db.select().from(translatorPayouts).where(eq(translatorPayouts.translatorId, me.id)),
	])
	return {
		offers,
		taken,
		open,
		past,
		earnings: earnings.map((row) => ({
			month: row.month,
			jobs: row.jobs,
			amount: Number(row.amount),
			paidAt: paid.find((payout) => payout.month === row.month)?.paidAt ?? null,
		})),
	}
}
