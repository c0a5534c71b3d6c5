import { asc, eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { invoices } from '#database/schema.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { fiPaymentLine } from '#app/models/invoice/payment-reference.ts'
import { invoiceStatusOf, owedOn } from '#app/models/invoice/statuses.ts'

// What the customer's order page says of the order's invoice: whether it is paid, and if not,
// how much, by when, to which account, with which reference.
export async function invoiceForCustomer(db: Database, orderId: number, today = todayInDenmark()) {
	const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id))
	const invoice = rows.find((row) => row.kind === 'invoice')
	if (!invoice) return null
	const outstanding = owedOn(invoice)
	// The customer is told paid, credited, overdue or what to pay (a part payment lowers the amount).
	const found = invoiceStatusOf(invoice, today)
	const status = found === 'part_paid' ? 'open' : (found as 'credited' | 'paid' | 'overdue' | 'open')
	const { bank } = invoice.seller
	return {
		number: invoice.number,
		status,
		total: invoice.total,
		// Reminder fees and interest, owed on top of the total.
		charges: invoice.charges,
		outstanding,
		currency: invoice.currency,
		dueDate: invoice.dueDate,
		paidOn: invoice.paidOn,
		account: bank.account ? { name: bank.name, regNo: bank.regNo, account: bank.account } : null,
		iban: bank.iban ? { iban: bank.iban, bic: bank.bic } : null,
		fi: bank.fiCreditor ? fiPaymentLine(invoice.number, bank.fiCreditor) : null,
	}
}
export type CustomerInvoice = NonNullable<Awaited<ReturnType<typeof invoiceForCustomer>>>
