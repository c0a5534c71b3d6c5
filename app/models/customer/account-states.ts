// The states an account's lists can be narrowed to (the filter's select; see account-filter.server.ts).
export const ORDER_STATES = ['open', 'delivered', 'cancelled'] as const
export const QUOTE_STATES = ['open', 'ordered', 'expired'] as const
export const INVOICE_STATES = ['unpaid', 'paid', 'credit'] as const
