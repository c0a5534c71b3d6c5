// What the database stores in its constrained columns, as plain constants with no database code,
// so that browser-safe models (the roles table, a count's parts) build on them and the schema
// depends on nothing in app/.

// translator: a freelancer with their own pages under /work, never /admin.
export const STAFF_ROLES = ['admin', 'manager', 'editor', 'translator'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const COUNT_PARTS = ['body', 'headers', 'notes', 'hidden', 'charts', 'embedded', 'comments', 'values'] as const
export type CountPart = (typeof COUNT_PARTS)[number]

// Words per part; a part the document does not have is absent.
// The words of each part, and the parts counted but left out of this document's price by the
// agency's settings (a presentation's speaker notes or hidden slides), beside the ones never priced.
export type CountBreakdown = Partial<Record<CountPart, number>> & { leftOut?: CountPart[] }

export const REQUEST_STATUSES = ['new', 'quoted', 'won', 'lost'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

// An accepted quote: the work the agency does, from received to delivered (or cancelled).
// 'revision_requested': the customer asked for changes after the delivery (app/models/order/after-delivery).
export const ORDER_STATUSES = ['received', 'in_progress', 'delivered', 'revision_requested', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

export const PAYMENT_METHODS = ['bank', 'card', 'mobilepay', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

// A piece of an order's work: offered to one or more translators, taken by the first to accept.
// open: offered to nobody (or every offer declined or expired); offered; accepted; in_progress
// (a source downloaded or a file uploaded); done (handed in); returned (to do again, with a
// note); approved (its files are the order's translation); cancelled.
export const JOB_STATUSES = [
	'open',
	'offered',
	'accepted',
	'in_progress',
	'done',
	'returned',
	'approved',
	'cancelled',
] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
// revision: the customer asked for changes to a delivery; proofreading: a second pair of eyes on a
// translation. Both carry the delivered files and are paid by the translator's own rule for them.
export const JOB_KINDS = ['translation', 'proofreading', 'revision'] as const
export type JobKind = (typeof JOB_KINDS)[number]
// How a translator is paid for revision and proofreading: a share of what the translation pays
// them, or by the hour at their own rate.
export const REVIEW_FEE_RULES = ['share', 'hourly'] as const
export type ReviewFeeRule = (typeof REVIEW_FEE_RULES)[number]
// What repeated words pay a translator: the full rate, the customer's share of it (the repetition
// discount the quote gave), or a share of their own.
export const REPETITION_RULES = ['full', 'customer', 'own'] as const
export type RepetitionRule = (typeof REPETITION_RULES)[number]

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]

// The links mailed by the site: a customer's sign-in, new address and company invitation, and an
// invitation to a staff member or translator to set their password ('staff-invite').
export const CUSTOMER_LINK_PURPOSES = ['sign-in', 'change-email', 'invite', 'staff-invite'] as const
export type CustomerLinkPurpose = (typeof CUSTOMER_LINK_PURPOSES)[number]

// Which column of the bank's CSV holds the date, the text and the amount (0-based).
export type BankCsvLayout = { date: number; text: number; amount: number }

// An audit event in words: a text's key under `audit.text.` and its values (app/models/audit/text.ts).
export type AuditVar =
	| string
	| number
	// Another text: a status, a kind, "none".
	| { key: string; vars?: Record<string, AuditVar> }
	// A number written the reader's way (1.204 / 1,204).
	| { number: number }
	// A month ("2026-11") or a day ("2026-11-27") as the reader writes them.
	| { month: string }
	| { day: string }
	| { money: number; currency: string }
	// A form field by its label, when it has one.
	| { field: string }
	| { list: AuditVar[] }

export type AuditText = { key: string; vars?: Record<string, AuditVar> }

// A colleague's order above the company's limit: waiting for a manager, approved (the order is
// made), declined with a note, its quote expired meanwhile, or withdrawn (the colleague left).
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'expired', 'withdrawn'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]
