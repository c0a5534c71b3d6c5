import path from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import { jobFiles, jobMessages } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { removeKept } from '#app/models/files/store.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'
import { isOpenJob, JobRefused } from '#app/models/vendor/job-status.server.ts'
import { announceJob, type NotifyServices } from '#app/models/vendor/notify.server.ts'
import { workingJob, type Translator } from '#app/models/vendor/work.server.ts'
import { isUuid } from '#app/utils/uuid.ts'
import { auditText } from '#app/models/audit/text.ts'

// A file the translator uploaded by mistake, removed by them before they hand the job in: only a
// file of the current round (what a return superseded stays, for the PM), only while the job is
// theirs and open. The thread and the audit log say so; the file leaves the disk.
export async function removeOwnJobFile(
	services: NotifyServices & Pick<AppServices, 'documentsDir' | 'files'>,
	me: Translator,
	jobId: number,
	fileId: string,
	now = new Date(),
) {
	if (!isUuid(fileId)) return null
	const removed = await services.db.transaction(async (tx) => {
		const job = await workingJob(tx, me, jobId)
		if (!job) return null
		if (!isOpenJob(job.status)) throw new JobRefused('state')
		const [file] = await tx
			.update(jobFiles)
			.set({ deletedAt: now })
			.where(
				and(
					eq(jobFiles.id, fileId),
					eq(jobFiles.jobId, jobId),
					isNull(jobFiles.deletedAt),
					isNull(jobFiles.supersededAt),
				),
			)
			.returning({ name: jobFiles.name, storedName: jobFiles.storedName })
		if (!file) return null
		await tx.insert(jobMessages).values({ jobId, author: 'event', userName: me.name, body: `removed:${file.name}` })
		return { ...file, orderId: job.orderId }
	})
	if (!removed) return null
	await removeKept(services.files, path.join(deliveriesDirOf(services.documentsDir), removed.storedName))
	await recordAudit(
		services,
		{ id: me.userId, name: me.name },
		{
			action: 'delete',
			subjectType: 'job',
			subjectId: jobId,
			summary: `Job ${jobId}: ${me.name} removed ${removed.name} before handing in`,
			text: auditText('ownFileRemoved', { job: jobId, name: me.name, file: removed.name }),
			changes: { file: removed.name },
		},
	)
	await announceJob(services, removed.orderId, [me.userId])
	return { name: removed.name }
}
