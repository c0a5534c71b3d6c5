// The statuses of the invoice list and the aging buckets of what is owed (browser-safe: the list's
// filters draw them). What each means: app/models/invoice/receivables.server.ts.
export const INVOICE_STATUSES = ['open', 'part_paid', 'overdue', 'paid', 'credited', 'credit_note'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'over60'] as const
export type AgingBucket = (typeof AGING_BUCKETS)[number]

type Billed = { kind: string; credited: boolean; total: number; paidAmount: number; dueDate: string }

// One invoice's status, by the same rule as the list's SQL (receivables.server.ts statusOf).
export function invoiceStatusOf(invoice: Billed, today: string): InvoiceStatus {
	if (invoice.kind === 'credit_note') return 'credit_note'
	if (invoice.credited) return 'credited'
	if (invoice.paidAmount >= invoice.total) return 'paid'
	if (invoice.dueDate < today) return 'overdue'
	return invoice.paidAmount > 0 ? 'part_paid' : 'open'
}
