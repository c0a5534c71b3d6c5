// The statuses of the invoice list and the aging buckets of what is owed (browser-safe: the list's
// filters draw them). What each means: app/models/invoice/receivables.server.ts.
export const INVOICE_STATUSES = ['open', 'part_paid', 'overdue', 'paid', 'credited', 'credit_note'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'over60'] as const
export type AgingBucket = (typeof AGING_BUCKETS)[number]
