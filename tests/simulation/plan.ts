import { asc, isNull, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import {
	bankLines,
	documents,
	invoices,
	jobFiles,
	jobOffers,
	jobs,
	orders,
	translatorPayouts,
	translators,
	users,
} from '#database/schema.ts'
import { owedOn } from '#app/models/invoice/statuses.ts'

// What the agency's people find in the morning: read from the site's database while the site is
// stopped for the night, as a person would read their lists. Everything they then do goes through
// the site's pages.
export async function morningPlan(db: Database) {
	const orderRows = await db.select().from(orders).orderBy(asc(orders.id))
	const documentRows = await db
		.select({ id: documents.id, orderId: documents.orderId, status: documents.status })
		.from(documents)
	const jobRows = await db.select().from(jobs).orderBy(asc(jobs.id))
	const fileRows = await db
		.select({ id: jobFiles.id, jobId: jobFiles.jobId, superseded: jobFiles.supersededAt })
		.from(jobFiles)
		.where(isNull(jobFiles.deletedAt))
	const offerRows = await db
		.select({ jobId: jobOffers.jobId, translatorId: jobOffers.translatorId })
		.from(jobOffers)
		.where(sql`${jobOffers.status} = 'pending'`)
	const invoiceRows = await db.select().from(invoices).orderBy(asc(invoices.id))
	const people = await db
		.select({ id: translators.id, userId: translators.userId, email: users.email })
		.from(translators)
		.innerJoin(users, sql`${users.id} = ${translators.userId}`)
	const payouts = await db.select().from(translatorPayouts)
	const openLines = await db
		.select({ id: bankLines.id })
		.from(bankLines)
		.where(sql`${bankLines.paymentId} is null and not ${bankLines.ignored}`)
	const jobsOf = (orderId: number) =>
		jobRows
			.filter((job) => job.orderId === orderId)
			.map((job) => ({
				...job,
				files: fileRows.filter((file) => file.jobId === job.id),
				offeredTo: offerRows.filter((offer) => offer.jobId === job.id).map((offer) => offer.translatorId),
				current: fileRows.filter((file) => file.jobId === job.id && !file.superseded).length,
			}))
	return {
		orders: orderRows.map((order) => ({
			id: order.id,
			reference: order.reference,
			token: order.token,
			status: order.status,
			dueDate: order.dueDate,
			deliveredAt: order.deliveredAt,
			pair: { from: order.fromLanguage ?? 'da', to: order.toLanguage ?? 'en' },
			locale: order.locale,
			email: order.customer.email,
			documents: documentRows.filter((doc) => doc.orderId === order.id).map((doc) => doc.id),
			jobs: jobsOf(order.id),
		})),
		invoices: invoiceRows
			.filter((invoice) => invoice.kind === 'invoice' && !invoice.credited)
			.map((invoice) => ({ ...invoice, owed: owedOn(invoice) })),
		translators: people,
		paidMonths: new Set(payouts.map((payout) => `${payout.translatorId}|${payout.month}`)),
		approvedMonths: [
			...new Set(
				jobRows
					.filter((job) => job.status === 'approved' && job.approvedAt && job.translatorId)
					.map((job) => `${job.translatorId}|${monthInDenmark(job.approvedAt!)}`),
			),
		],
		openBankLines: openLines.length,
	}
}
export type MorningPlan = Awaited<ReturnType<typeof morningPlan>>
export type PlannedOrder = MorningPlan['orders'][number]

export const monthInDenmark = (date: Date) =>
	new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit' })
		.format(date)
		.slice(0, 7)

export const jobIdsOf = (orders: PlannedOrder[], status: string) =>
	orders.flatMap((order) => order.jobs.filter((job) => job.status === status))
