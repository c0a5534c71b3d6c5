import { and, asc, count, eq, sql } from 'drizzle-orm'
import { invoiceReminders, invoices } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { addCalendarDays, todayInDenmark, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import type { Invoice } from '#app/models/invoice/invoice.server.ts'
import { invoicePdfOf } from '#app/models/invoice/pdf.server.ts'
import { invoiceFileName, reminderFileName } from '#app/models/invoice/file-names.ts'
import { renderReminderPdf, type ReminderTerms } from '#app/models/invoice/reminder-pdf.server.ts'
import { sendOrderMails } from '#app/models/order/mail.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { DAYS_BETWEEN_REMINDERS, MAX_REMINDER_FEE, MAX_REMINDERS } from '#app/models/invoice/reminder-rules.ts'
import { owedWhere } from '#app/models/invoice/receivables.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'
import type { Locale } from '#app/utils/locales.ts'
import { auditText } from '#app/models/audit/text.ts'

// Reminders ("rykkere") as the Danish Interest Act allows: only after the due date (and the grace
// days set), at most three, at least 10 days apart, each with a fee of at most 100 kr., interest
// only when the agency sets a rate. They stop when the invoice is paid or credited, and while
// staff hold them. `now` is injected, so a test moves the clock instead of waiting.
// The reminder asks for payment within this many days.
const DAYS_TO_PAY = 10
const SITE = { id: null, name: 'Tolk' }

type Services = Pick<AppServices, 'db' | 'sendMail' | 'publicUrl' | 'broadcast' | 'logger'>

export async function sendDueReminders(services: Services, now = new Date()): Promise<number> {
	const today = todayInDenmark(now)
	const settings = await getSettings(services.db)
	const due = await dueInvoices(services, addCalendarDays(today, -settings.reminderGraceDays), today)
	let sent = 0
	for (const { invoice, reminders, lastSentOn } of due) {
		if (lastSentOn && addCalendarDays(lastSentOn as CalendarDate, DAYS_BETWEEN_REMINDERS) > today) continue
		const terms = reminderTerms(invoice, reminders + 1, today, {
			fee: settings.reminderFee,
			interestPercent: settings.reminderInterestPercent,
			...(await chargedSoFar(services, invoice.id)),
		})
		if (!(await storeReminder(services, invoice.id, terms))) continue
		await mailReminder(services, invoice, terms)
		await recordAudit(services, SITE, {
			action: 'remind',
			subjectType: 'invoice',
			subjectId: invoice.id,
			summary: `${invoice.number}: reminder ${terms.number}`,
			text: auditText('reminderSent', { number: invoice.number, reminder: terms.number }),
		})
		sent++
	}
	return sent
}

// The unique (invoice, number) makes a reminder once, even with two processes at the same hour; what
// it charges is owed on the invoice from the same transaction (the customer's page, the bank
// matching and the invoice's status all read it there).
async function storeReminder({ db }: Services, invoiceId: number, terms: ReminderTerms) {
	return db.transaction(async (tx) => {
		const [stored] = await tx
			.insert(invoiceReminders)
			.values({ invoiceId, number: terms.number, sentOn: terms.sentOn, fee: terms.fee, interest: terms.interest })
			.onConflictDoNothing()
			.returning({ id: invoiceReminders.id })
		if (stored)
			await tx
				.update(invoices)
				.set({ charges: sql`${invoices.charges} + ${terms.fee} + ${terms.interest}` })
				.where(eq(invoices.id, invoiceId))
		return Boolean(stored)
	})
}

// Invoices whose own amount is unpaid (fees alone do not earn a reminder), past the grace days, not held, with fewer than three reminders.
async function dueInvoices({ db }: Services, dueBefore: CalendarDate, today: CalendarDate) {
	const rows = await db
		.select({
			invoice: invoices,
			reminders: count(invoiceReminders.id),
			lastSentOn: sql<string | null>`max(${invoiceReminders.sentOn})`,
		})
		.from(invoices)
		.leftJoin(invoiceReminders, eq(invoiceReminders.invoiceId, invoices.id))
		.where(
			and(
				owedWhere,
				sql`${invoices.paidAmount} + ${invoices.creditedAmount} < ${invoices.total}`,
				eq(invoices.remindersPaused, false),
				sql`${invoices.dueDate} <= ${dueBefore}`,
				sql`${invoices.dueDate} < ${today}`,
			),
		)
		.groupBy(invoices.id)
		.having(sql`count(${invoiceReminders.id}) < ${MAX_REMINDERS}`)
		.orderBy(asc(invoices.dueDate), asc(invoices.id))
	return rows
}

async function chargedSoFar({ db }: Services, invoiceId: number) {
	const [row] = await db
		.select({
			fees: sql<string>`coalesce(sum(${invoiceReminders.fee}), 0)`,
			interest: sql<string>`coalesce(sum(${invoiceReminders.interest}), 0)`,
		})
		.from(invoiceReminders)
		.where(eq(invoiceReminders.invoiceId, invoiceId))
	return { earlierFees: Number(row?.fees ?? 0), earlierInterest: Number(row?.interest ?? 0) }
}

const round2 = (amount: number) => Math.round(amount * 100) / 100

export function reminderTerms(
	invoice: Pick<Invoice, 'total' | 'paidAmount' | 'dueDate'> & { creditedAmount?: number },
	number: number,
	today: CalendarDate,
	rates: { fee: number; interestPercent: number; earlierFees: number; earlierInterest: number },
): ReminderTerms {
	const outstanding = round2(invoice.total - invoice.paidAmount - (invoice.creditedAmount ?? 0))
	const days = Math.max(0, Math.round((Date.parse(today) - Date.parse(invoice.dueDate)) / 86_400_000))
	// Simple yearly interest on what is owed since the due date, less what earlier reminders charged.
	const accrued = rates.interestPercent > 0 ? round2((outstanding * rates.interestPercent * days) / 36_500) : 0
	const interest = Math.max(0, round2(accrued - rates.earlierInterest))
	const fee = Math.min(rates.fee, MAX_REMINDER_FEE)
	const earlier = round2(rates.earlierFees + rates.earlierInterest)
	return {
		number,
		sentOn: today,
		payBy: addCalendarDays(today, DAYS_TO_PAY),
		outstanding,
		fee,
		interest,
		earlierFees: earlier,
		toPay: round2(outstanding + earlier + fee + interest),
	}
}

async function mailReminder(services: Services, invoice: Invoice, terms: ReminderTerms) {
	const locale = invoice.locale as Locale
	await sendOrderMails(services, invoice.orderId, 'reminder', {
		finance: 'copy',
		vars: {
			number: String(terms.number),
			invoice: String(invoice.number),
			amount: formatPrice(terms.toPay, invoice.currency, locale),
			payBy: formatDay(terms.payBy, locale),
		},
		attachments: [
			{
				filename: invoiceFileName(invoice, 'pdf'),
				content: await invoicePdfOf(services.db, invoice),
				contentType: 'application/pdf',
			},
			{
				filename: reminderFileName(invoice, terms.number),
				content: await renderReminderPdf(invoice, terms),
				contentType: 'application/pdf',
			},
		],
	})
}
