import { and, eq, inArray } from 'drizzle-orm'
import { jobs, type JobStatus } from '#database/schema.ts'
import type { Transaction } from '#database/client.ts'

// Where a translator's job may go from each status, as orders and invoices have theirs. Every
// change of a job's status goes through moveJob below, which refuses any other step.
export const JOB_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
	// Offered to nobody (every offer declined or expired): the PM offers it again.
	open: ['offered', 'cancelled'],
	// The first translator to accept takes it; with every offer answered and no taker it is open.
	offered: ['accepted', 'open', 'cancelled'],
	// A source downloaded or a translation uploaded starts the work.
	accepted: ['in_progress', 'cancelled'],
	in_progress: ['done', 'cancelled'],
	// Handed in: the PM approves it (its files become the order's) or returns it with a note.
	done: ['approved', 'returned', 'cancelled'],
	returned: ['in_progress', 'cancelled'],
	approved: [],
	cancelled: [],
}

// What a translator still works on: downloads, uploads and hands in; their load in the offer list.
export const OPEN_JOB_STATUSES = ['accepted', 'in_progress', 'returned'] as const satisfies readonly JobStatus[]

export const isOpenJob = (status: JobStatus) => (OPEN_JOB_STATUSES as readonly JobStatus[]).includes(status)

export const canMoveJob = (from: JobStatus, to: JobStatus) => JOB_TRANSITIONS[from].includes(to)

// The statuses a job may come to `to` from.
const sourcesOf = (to: JobStatus) =>
	(Object.keys(JOB_TRANSITIONS) as JobStatus[]).filter((from) => JOB_TRANSITIONS[from].includes(to))

// Why a change to a job was refused. not-found: no such job (or not this translator's);
// order-closed: its order is delivered or cancelled; state: the job's status does not allow it;
// translators: a chosen translator does not work in the pair; no-file: handing in without a
// translation uploaded since it was returned; fewer-files: approving fewer files than documents
// without the PM choosing them.
export const JOB_REFUSALS = ['not-found', 'order-closed', 'state', 'translators', 'no-file', 'fewer-files'] as const
export type JobRefusal = (typeof JOB_REFUSALS)[number]

export class JobRefused extends Error {
	readonly reason: JobRefusal
	constructor(reason: JobRefusal) {
		super(reason)
		this.reason = reason
	}
}

type JobChanges = Omit<Partial<typeof jobs.$inferInsert>, 'id' | 'status' | 'updatedAt'>

// Moves a job to `to` (with the other columns of the same step) only from a status the table
// allows, in one statement, so two requests racing for the same step cannot both make it.
export async function moveJob(
	tx: Transaction,
	jobId: number,
	to: JobStatus,
	changes: JobChanges = {},
	now = new Date(),
): Promise<{ orderId: number }> {
	const [moved] = await tx
		.update(jobs)
		.set({ ...changes, status: to, updatedAt: now })
		.where(and(eq(jobs.id, jobId), inArray(jobs.status, sourcesOf(to))))
		.returning({ orderId: jobs.orderId })
	if (!moved) throw new JobRefused('state')
	return moved
}

// The same step where losing a race is an answer, not an error (another translator accepted first,
// an offer was answered meanwhile): null when the job was not in a status to make it.
export async function moveJobIfAllowed(...args: Parameters<typeof moveJob>) {
	try {
		return await moveJob(...args)
	} catch (error) {
		if (error instanceof JobRefused) return null
		throw error
	}
}
