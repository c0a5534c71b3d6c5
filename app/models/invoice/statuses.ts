// The statuses of the invoice list and the aging buckets of what is owed (browser-safe: the list's
// filters draw them). What each means: app/models/invoice/receivables.server.ts.
export const INVOICE_STATUSES = ['open', 'part_paid', 'overdue', 'paid', 'credited', 'credit_note'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'over60'] as const
export type AgingBucket = (typeof AGING_BUCKETS)[number]

type Owed = { total: number; charges: number; paidAmount: number; creditedAmount?: number }
type Billed = Owed & { kind: string; credited: boolean; dueDate: string }

const round2 = (amount: number) => Math.round(amount * 100) / 100

// What the customer owes on an invoice: its total and the reminders' fees and interest, less what
// was paid and what partial credit notes took off (never below nothing), and what was paid beyond that.
const balanceOf = (invoice: Owed) =>
	round2(invoice.total + invoice.charges - invoice.paidAmount - (invoice.creditedAmount ?? 0))
export const owedOn = (invoice: Owed) => Math.max(0, balanceOf(invoice))
export const overpaidOn = (invoice: Owed) => Math.max(0, -balanceOf(invoice))

// One invoice's status, by the same rule as the list's SQL (receivables.server.ts statusOf).
export function invoiceStatusOf(invoice: Billed, today: string): InvoiceStatus {
	if (invoice.kind === 'credit_note') return 'credit_note'
	if (invoice.credited) return 'credited'
	if (owedOn(invoice) === 0) return 'paid'
	if (invoice.dueDate < today) return 'overdue'
	return invoice.paidAmount > 0 ? 'part_paid' : 'open'
}
