import { copyFile, link } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
	jobFiles,
	jobMessages,
	jobOffers,
	jobs,
	orderEvents,
	orderFiles,
	orders,
	translators,
	users,
} from '#database/schema.ts'
import type { Transaction } from '#database/client.ts'
import type { AppServices } from '#app/models/services.ts'
import { userIdsOf } from '#app/models/vendor/jobs.server.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { holdEarlier, versionName } from '#app/models/order/delivery.server.ts'
import { announceJob, mailTranslator, type NotifyServices } from '#app/models/vendor/notify.server.ts'
import { canMoveJob, JobRefused, moveJob } from '#app/models/vendor/job-status.server.ts'
import { withdrawOffers } from '#app/models/vendor/offers.server.ts'
import { jobManager } from '#app/models/vendor/manager.server.ts'
import { languageNames, threadOf } from '#app/models/vendor/work.server.ts'
import { isUuid } from '#app/utils/uuid.ts'
import { removeKept, type FileStore } from '#app/models/files/store.server.ts'
import { auditText } from '#app/models/audit/text.ts'

type Actor = { id: number; name: string }
type Services = NotifyServices & Pick<AppServices, 'documentsDir' | 'files'>

// A job as the PM reviews it: its order, translator, offers, files and thread.
export async function jobForStaff(services: Pick<NotifyServices, 'db'>, jobId: number) {
	const { db } = services
	const [job] = await db
		.select({
			job: jobs,
			reference: orders.reference,
			dueDate: orders.dueDate,
			orderStatus: orders.status,
			manager: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${jobManager})`,
		})
		.from(jobs)
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.where(eq(jobs.id, jobId))
	if (!job) return null
	const [offers, files, messages, names, delivered] = await Promise.all([
		db
			.select({
				translatorId: jobOffers.translatorId,
				name: users.name,
				status: jobOffers.status,
				fee: jobOffers.fee,
				reason: jobOffers.reason,
				expiresAt: jobOffers.expiresAt,
			})
			.from(jobOffers)
			.innerJoin(translators, eq(translators.id, jobOffers.translatorId))
			.innerJoin(users, eq(users.id, translators.userId))
			.where(eq(jobOffers.jobId, jobId))
			.orderBy(asc(jobOffers.id)),
		db
			.select()
			.from(jobFiles)
			.where(and(eq(jobFiles.jobId, jobId), isNull(jobFiles.deletedAt)))
			.orderBy(asc(jobFiles.createdAt)),
		threadOf(db, jobId),
		languageNames(db, [job.job.fromLanguage, job.job.toLanguage]),
		job.job.deliveredFileIds.length
			? db
					.select({ id: orderFiles.id, name: orderFiles.name, size: orderFiles.size, deletedAt: orderFiles.deletedAt })
					.from(orderFiles)
					.where(inArray(orderFiles.id, job.job.deliveredFileIds))
			: [],
	])
	return {
		...job,
		translator: offers.find((offer) => offer.translatorId === job.job.translatorId)?.name ?? null,
		offers,
		files,
		messages,
		delivered,
		fromName: names.get(job.job.fromLanguage),
		toName: names.get(job.job.toLanguage),
	}
}

async function lockJob(tx: Transaction, jobId: number) {
	const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update')
	if (!job) throw new JobRefused('not-found')
	return job
}

// The user a job's translator signs in as, for their live stream; none before anyone took it.
const translatorUser = (services: Pick<NotifyServices, 'db'>, translatorId: number | null) =>
	userIdsOf(services, translatorId === null ? [] : [translatorId])

// The files the PM chose when the job has fewer files than documents: any the job holds, earlier
// hand-ins included.
export type FileChoice = { fileIds: string[] }

// Approved: the job's current files become the order's translated files (a second name beside the
// other deliveries), each a version of the job's document it matches and named after it, waiting
// for the next delivery in place of what waited for the same documents; the fee is owed to the translator. A job with
// fewer current files than documents is approved only with the PM's choice of files, and who
// confirmed it is kept on the job.
export async function approveJob(
	services: Services,
	pm: Actor,
	jobId: number,
	choice: FileChoice | null = null,
	now = new Date(),
) {
	const directory = deliveriesDirOf(services.documentsDir)
	const made: string[] = []
	const result = await services.db
		.transaction(async (tx) => {
			const job = await lockJob(tx, jobId)
			if (!canMoveJob(job.status, 'approved')) throw new JobRefused('state')
			const files = await filesToApprove(tx, job, choice)
			const fewer = files.length < job.documentIds.length
			const copies = []
			for (const file of files) {
				const id = randomUUID()
				const storedName = `${id}${path.extname(file.storedName)}`
				await secondName(services.files, path.join(directory, file.storedName), path.join(directory, storedName))
				made.push(storedName)
				const named = await versionName(tx, job.orderId, file.name, job.toLanguage, job.documentIds)
				copies.push({
					id,
					orderId: job.orderId,
					jobId,
					jobFileId: file.id,
					...named,
					type: file.type,
					size: file.size,
					storedName,
				})
			}
			if (copies.length) await tx.insert(orderFiles).values(copies)
			const versions = copies.flatMap((copy) => (copy.documentId ? [copy.documentId] : []))
			await holdEarlier(
				tx,
				job.orderId,
				versions,
				copies.map((copy) => copy.id),
			)
			for (const copy of copies)
				await tx
					.insert(orderEvents)
					.values({ orderId: job.orderId, kind: 'file', body: copy.name, userName: pm.name, internal: true })
			await moveJob(tx, jobId, 'approved', { approvedAt: now, fewerFilesConfirmedBy: fewer ? pm.name : null }, now)
			await tx.insert(jobMessages).values({ jobId, author: 'event', userName: pm.name, body: 'approved' })
			const [order] = await tx.select({ reference: orders.reference }).from(orders).where(eq(orders.id, job.orderId))
			return { job, files: copies.map((copy) => copy.name), reference: order!.reference, fewer }
		})
		.catch(async (error: unknown) => {
			// Nothing was approved: no file stays under a name no row stands for.
			await Promise.all(made.map((name) => removeKept(services.files, path.join(directory, name))))
			throw error
		})
	await recordAudit(services, pm, {
		action: 'update',
		subjectType: 'job',
		subjectId: jobId,
		summary: `Order ${result.reference}: job ${jobId} approved; ${result.files.join(', ')} added to the order${result.fewer ? ` (${result.files.length} files for ${result.job.documentIds.length} documents, confirmed)` : ''}`,
		text: auditText(result.fewer ? 'jobApprovedFewer' : 'jobApproved', {
			reference: result.reference,
			job: jobId,
			files: result.files.join(', '),
		}),
		changes: {
			fee: result.job.fee,
			...(result.fewer ? { files: result.files.length, documents: result.job.documentIds.length } : {}),
		},
	})
	await announceOrder(services, result.job.orderId)
	await announceJob(services, result.job.orderId, await translatorUser(services, result.job.translatorId))
	return result.files
}

async function filesToApprove(tx: Transaction, job: typeof jobs.$inferSelect, choice: FileChoice | null) {
	const kept = and(eq(jobFiles.jobId, job.id), isNull(jobFiles.deletedAt))
	if (!choice) {
		const current = await tx
			.select()
			.from(jobFiles)
			.where(and(kept, isNull(jobFiles.supersededAt)))
		if (current.length < job.documentIds.length) throw new JobRefused('fewer-files')
		return current
	}
	const wanted = choice.fileIds.filter(isUuid)
	const chosen = wanted.length
		? await tx
				.select()
				.from(jobFiles)
				.where(and(kept, inArray(jobFiles.id, wanted)))
		: []
	if (chosen.length === 0) throw new JobRefused('fewer-files')
	return chosen
}

// Returned with a note: the translator sees it live (and by mail) and uploads again; the files
// they had handed in are kept but no longer the ones to deliver.
export async function returnJob(services: Services, pm: Actor, jobId: number, note: string, now = new Date()) {
	const job = await services.db.transaction(async (tx) => {
		const locked = await lockJob(tx, jobId)
		if (!canMoveJob(locked.status, 'returned')) throw new JobRefused('state')
		await tx
			.update(jobFiles)
			.set({ supersededAt: now })
			.where(and(eq(jobFiles.jobId, jobId), isNull(jobFiles.supersededAt)))
		await moveJob(tx, jobId, 'returned', { returnNote: note, awaitingReplySince: null }, now)
		await tx.insert(jobMessages).values({ jobId, author: 'event', userName: pm.name, body: `returned:${note}` })
		return locked
	})
	await recordAudit(services, pm, {
		action: 'update',
		subjectType: 'job',
		subjectId: jobId,
		summary: `Job ${jobId} returned: ${note}`,
		text: auditText('jobReturned', { job: jobId, note }),
	})
	if (job.translatorId) await mailTranslator(services, job.translatorId, 'returned', { jobId: String(jobId), note })
	await announceJob(services, job.orderId, await translatorUser(services, job.translatorId))
}

// Cancelled by the PM (a mistake, the order cancelled): open offers are withdrawn at once.
export async function cancelJob(services: Services, pm: Actor, jobId: number, now = new Date()) {
	const job = await services.db.transaction(async (tx) => {
		const locked = await lockJob(tx, jobId)
		await moveJob(tx, jobId, 'cancelled', { awaitingReplySince: null }, now)
		await tx.insert(jobMessages).values({ jobId, author: 'event', userName: pm.name, body: 'cancelled' })
		return locked
	})
	const withdrawn = await withdrawOffers(services, [jobId], now)
	await recordAudit(services, pm, {
		action: 'update',
		subjectType: 'job',
		subjectId: jobId,
		summary: `Job ${jobId} cancelled`,
		text: auditText('jobCancelled', { job: jobId }),
	})
	await announceJob(services, job.orderId, [...withdrawn, ...(await translatorUser(services, job.translatorId))])
}

// A message in the job's thread from the PM to the translator who has the job.
export async function postPmMessage(services: Services, pm: Actor, jobId: number, body: string) {
	const [job] = await services.db
		.select({ orderId: jobs.orderId, translatorId: jobs.translatorId })
		.from(jobs)
		.where(eq(jobs.id, jobId))
	if (!job) throw new JobRefused('not-found')
	if (!job.translatorId) throw new JobRefused('state')
	await services.db.transaction(async (tx) => {
		await tx.insert(jobMessages).values({ jobId, author: 'pm', userName: pm.name, body })
		await tx.update(jobs).set({ awaitingReplySince: null }).where(eq(jobs.id, jobId))
	})
	await mailTranslator(services, job.translatorId, 'message', { jobId: String(jobId), body })
	await announceJob(services, job.orderId, await translatorUser(services, job.translatorId))
}

// The order's file is a second name for the translator's (a hard link: no copy of a large file
// while the job's row is locked); where the disk cannot link, a copy.
async function secondName(files: FileStore, from: string, to: string) {
	await files.fetch(from)
	await link(from, to).catch(() => copyFile(from, to))
	await files.publish(to)
}

// A file a translator handed in, for staff: logged like the customers' documents.
export async function takeJobFileForStaff(services: Services, pm: Actor, jobId: number, fileId: string) {
	if (!isUuid(fileId)) return null
	const [row] = await services.db
		.select({ name: jobFiles.name, storedName: jobFiles.storedName })
		.from(jobFiles)
		.where(and(eq(jobFiles.id, fileId), eq(jobFiles.jobId, jobId), isNull(jobFiles.deletedAt)))
	if (!row) return null
	await recordAudit(services, pm, {
		action: 'download',
		subjectType: 'job',
		subjectId: jobId,
		summary: `Job ${jobId}: downloaded ${row.name}`,
		text: auditText('jobFileDownloaded', { job: jobId, file: row.name }),
	})
	return { file: path.join(deliveriesDirOf(services.documentsDir), row.storedName), name: row.name }
}
