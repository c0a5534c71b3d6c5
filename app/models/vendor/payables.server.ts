import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { jobs, orders, translatorPayouts, translators, users } from '#database/schema.ts'
import { recordAudit, type AuditServices } from '#app/models/audit/record.server.ts'
import { csvLine } from '#app/utils/csv.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'

// What the agency owes its translators: each approved job's fee, by the month (Danish time) it
// was approved in; a month is marked paid per translator once it has ended.
export const approvedMonth = sql<string>`to_char(${jobs.approvedAt} at time zone 'Europe/Copenhagen', 'YYYY-MM')`
const month = approvedMonth
export const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)

// The months with approved jobs, newest first, and what is owed in one of them (the newest by default).
export async function listPayables(db: Database, wanted?: string | null) {
	const months = (
		await db.selectDistinct({ month }).from(jobs).where(eq(jobs.status, 'approved')).orderBy(desc(month)).limit(120)
	).map((row) => row.month)
	const chosen = wanted && months.includes(wanted) ? wanted : (months[0] ?? null)
	if (!chosen) return { months, month: null, rows: [] }
	const rows = await db
		.select({
			month,
			translatorId: jobs.translatorId,
			name: users.name,
			email: users.email,
			jobs: sql<number>`count(*)::int`,
			words: sql<number>`sum(${jobs.words})::int`,
			amount: sql<string>`sum(${jobs.fee})`,
			paidAt: translatorPayouts.paidAt,
			paidBy: translatorPayouts.paidBy,
		})
		.from(jobs)
		.innerJoin(translators, eq(translators.id, jobs.translatorId))
		.innerJoin(users, eq(users.id, translators.userId))
		.leftJoin(
			translatorPayouts,
			and(eq(translatorPayouts.translatorId, jobs.translatorId), eq(translatorPayouts.month, month)),
		)
		.where(and(eq(jobs.status, 'approved'), sql`${month} = ${chosen}`))
		.groupBy(month, jobs.translatorId, users.name, users.email, translatorPayouts.paidAt, translatorPayouts.paidBy)
		.orderBy(asc(users.name))
	return {
		months,
		month: chosen,
		rows: rows.map((row) => ({ ...row, translatorId: row.translatorId!, amount: Number(row.amount) })),
	}
}

const decimal = (amount: number) => amount.toFixed(2).replace('.', ',')
const HEADER = [
	'month',
	'translator',
	'email',
	'job',
	'order',
	'kind',
	'pair',
	'words',
	'minutes',
	'approved',
	'fee',
	'paid_on',
]

// One line per approved job, for the accountant: semicolons and decimal commas, as a Danish Excel
// opens them (the download adds the byte order mark).
export async function* payablesCsv(db: Database) {
	yield `${csvLine(HEADER)}\r\n`
	const rows = await db
		.select({
			month,
			name: users.name,
			email: users.email,
			id: jobs.id,
			reference: orders.reference,
			kind: jobs.kind,
			from: jobs.fromLanguage,
			to: jobs.toLanguage,
			words: jobs.words,
			minutes: jobs.minutes,
			approvedAt: jobs.approvedAt,
			fee: jobs.fee,
			paidAt: translatorPayouts.paidAt,
		})
		.from(jobs)
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.innerJoin(translators, eq(translators.id, jobs.translatorId))
		.innerJoin(users, eq(users.id, translators.userId))
		.leftJoin(
			translatorPayouts,
			and(eq(translatorPayouts.translatorId, jobs.translatorId), eq(translatorPayouts.month, month)),
		)
		.where(eq(jobs.status, 'approved'))
		.orderBy(desc(month), asc(users.name), asc(jobs.approvedAt))
	let batch = ''
	for (const row of rows) {
		batch += `${csvLine([
			row.month,
			row.name,
			row.email,
			row.id,
			row.reference,
			row.kind,
			`${row.from}>${row.to}`,
			row.words,
			row.minutes,
			row.approvedAt?.toISOString().slice(0, 10) ?? '',
			decimal(row.fee ?? 0),
			row.paidAt ? row.paidAt.toISOString().slice(0, 10) : '',
		])}\r\n`
		if (batch.length > 64_000) {
			yield batch
			batch = ''
		}
	}
	if (batch) yield batch
}

export class PayoutRefused extends Error {
	readonly reason: 'open-month' | 'nothing' | 'paid'
	constructor(reason: 'open-month' | 'nothing' | 'paid') {
		super(reason)
		this.reason = reason
	}
}

// A translator's month marked paid, with the sum of its approved jobs; only a month that has ended.
export async function markMonthPaid(
	services: AuditServices,
	staff: { id: number; name: string },
	translatorId: number,
	payMonth: string,
	now = new Date(),
) {
	if (payMonth >= todayInDenmark(now).slice(0, 7)) throw new PayoutRefused('open-month')
	const [owed] = await services.db
		.select({ amount: sql<string | null>`sum(${jobs.fee})` })
		.from(jobs)
		.where(and(eq(jobs.translatorId, translatorId), eq(jobs.status, 'approved'), sql`${month} = ${payMonth}`))
	if (!owed?.amount) throw new PayoutRefused('nothing')
	const [row] = await services.db
		.insert(translatorPayouts)
		.values({ translatorId, month: payMonth, amount: Number(owed.amount), paidBy: staff.name })
		.onConflictDoNothing()
		.returning()
	if (!row) throw new PayoutRefused('paid')
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'translator',
		subjectId: translatorId,
		summary: `Translator ${translatorId}: ${payMonth} marked paid (${owed.amount})`,
	})
}
