import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { jobs, orders, translatorPayouts, translators, users } from '#database/schema.ts'
import { recordAudit, type AuditServices } from '#app/models/audit/record.server.ts'
import { csvLine } from '#app/utils/csv.ts'
import { asCalendarDate, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { getSettings } from '#app/models/site.server.ts'
import { mailTranslator, type NotifyServices } from '#app/models/vendor/notify.server.ts'
import { formatDay, formatMonth, formatNumber, formatPrice } from '#app/utils/format.ts'
import { auditText } from '#app/models/audit/text.ts'
import { MACHINE_WORDS, type CsvWords } from '#app/models/csv-words.server.ts'

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
			paidOn: translatorPayouts.paidOn,
			paymentReference: translatorPayouts.reference,
		})
		.from(jobs)
		.innerJoin(translators, eq(translators.id, jobs.translatorId))
		.innerJoin(users, eq(users.id, translators.userId))
		.leftJoin(
			translatorPayouts,
			and(eq(translatorPayouts.translatorId, jobs.translatorId), eq(translatorPayouts.month, month)),
		)
		.where(and(eq(jobs.status, 'approved'), sql`${month} = ${chosen}`))
		.groupBy(
			month,
			jobs.translatorId,
			users.name,
			users.email,
			translatorPayouts.paidAt,
			translatorPayouts.paidBy,
			translatorPayouts.paidOn,
			translatorPayouts.reference,
		)
		.orderBy(asc(users.name))
	const behind = await jobsOfMonth(db, chosen)
	return {
		months,
		month: chosen,
		// A month is paid once it has ended.
		isOver: chosen < todayInDenmark().slice(0, 7),
		rows: rows.map((row) => ({
			...row,
			translatorId: row.translatorId!,
			amount: Number(row.amount),
			paidFor: behind.filter((job) => job.translatorId === row.translatorId),
		})),
	}
}

// The approved jobs behind a month's totals: what each translator is paid for.
async function jobsOfMonth(db: Database, payMonth: string, translatorId?: number) {
	return db
		.select({
			id: jobs.id,
			translatorId: jobs.translatorId,
			reference: orders.reference,
			kind: jobs.kind,
			from: jobs.fromLanguage,
			to: jobs.toLanguage,
			words: jobs.words,
			approvedAt: jobs.approvedAt,
			fee: jobs.fee,
		})
		.from(jobs)
		.innerJoin(orders, eq(orders.id, jobs.orderId))
		.where(
			and(
				eq(jobs.status, 'approved'),
				sql`${month} = ${payMonth}`,
				translatorId === undefined ? undefined : eq(jobs.translatorId, translatorId),
			),
		)
		.orderBy(asc(jobs.approvedAt), asc(jobs.id))
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
export async function* payablesCsv(db: Database, words: CsvWords = MACHINE_WORDS) {
	yield `${csvLine(words.header(HEADER))}\r\n`
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
			paidOn: translatorPayouts.paidOn,
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
			words.code('kind', row.kind),
			`${row.from}>${row.to}`,
			row.words,
			row.minutes,
			row.approvedAt?.toISOString().slice(0, 10) ?? '',
			decimal(row.fee ?? 0),
			row.paidOn ?? (row.paidAt ? todayInDenmark(row.paidAt) : ''),
		])}\r\n`
		if (batch.length > 64_000) {
			yield batch
			batch = ''
		}
	}
	if (batch) yield batch
}

export class PayoutRefused extends Error {
	readonly reason: 'open-month' | 'nothing' | 'paid' | 'date'
	constructor(reason: 'open-month' | 'nothing' | 'paid' | 'date') {
		super(reason)
		this.reason = reason
	}
}

export type Payment = { paidOn?: string; reference?: string }

// A translator's month marked paid, with the sum of its approved jobs, the day it was paid (today
// unless told; never ahead) and the transfer's reference; only a month that has ended. The
// translator is mailed a remittance advice: the jobs, the total, the day and the reference.
export async function markMonthPaid(
	services: AuditServices & Pick<NotifyServices, 'sendMail' | 'publicUrl'>,
	staff: { id: number; name: string },
	translatorId: number,
	payMonth: string,
	payment: Payment = {},
	now = new Date(),
) {
	const today = todayInDenmark(now)
	const { paidOn = today, reference = '' } = payment
	if (payMonth >= today.slice(0, 7)) throw new PayoutRefused('open-month')
	if (!asCalendarDate(paidOn) || paidOn > today || paidOn.slice(0, 7) < payMonth) throw new PayoutRefused('date')
	const [owed] = await services.db
		.select({ amount: sql<string | null>`sum(${jobs.fee})` })
		.from(jobs)
		.where(and(eq(jobs.translatorId, translatorId), eq(jobs.status, 'approved'), sql`${month} = ${payMonth}`))
	if (!owed?.amount) throw new PayoutRefused('nothing')
	const [row] = await services.db
		.insert(translatorPayouts)
		.values({ translatorId, month: payMonth, amount: Number(owed.amount), paidBy: staff.name, paidOn, reference })
		.onConflictDoNothing()
		.returning()
	if (!row) throw new PayoutRefused('paid')
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'translator',
		subjectId: translatorId,
		summary: `Translator ${translatorId}: ${payMonth} marked paid (${owed.amount}) on ${paidOn}`,
		text: auditText('payoutPaid', {
			month: { month: payMonth },
			amount: { money: Number(owed.amount), currency: (await getSettings(services.db)).currency },
			day: { day: paidOn },
		}),
	})
	await mailRemittance(services, translatorId, payMonth, { amount: Number(owed.amount), paidOn, reference })
}

// The remittance advice, in the translator's language: each job (order, pair, words, fee), the total,
// the day paid and the reference.
async function mailRemittance(
	services: Pick<NotifyServices, 'db' | 'sendMail' | 'publicUrl' | 'broadcast' | 'logger'>,
	translatorId: number,
	payMonth: string,
	paid: { amount: number; paidOn: string; reference: string },
) {
	const paidFor = await jobsOfMonth(services.db, payMonth, translatorId)
	const { currency } = await getSettings(services.db)
	await mailTranslator(services, translatorId, 'remittance', (locale) => ({
		month: formatMonth(payMonth, locale),
		total: formatPrice(paid.amount, currency, locale),
		date: formatDay(paid.paidOn, locale),
		reference: paid.reference || '–',
		jobs: paidFor
			.map(
				(job) =>
					`- ${job.reference} (${job.from}→${job.to}): ${formatNumber(job.words, locale)} · ${formatPrice(job.fee ?? 0, currency, locale)}`,
			)
			.join('\n'),
	}))
}
