// What the site holds about a customer, column by column, in the tables a customer's own records
// live in: one list that "Download my data" and "Delete my account" both read, so neither can
// leave out what the other covers (a test holds every column of these tables to it).
//  - personal: who the person is or what they wrote: exported, and erased (to the value given)
//    when the account is deleted;
//  - record: what the agency did and agreed (ids, dates, statuses, languages, prices, the company
//    from the public registry): exported, kept;
//  - secret: what opens something or keys a limit (tokens, keyed hashes): never exported.
import { getTableColumns } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { customers, orderEvents, orderMessages, orderRatings, orders, requests } from '#database/schema.ts'

export const ERASED_NAME = '–'

type Classified<T extends PgTable> = {
	table: T
	personal: Partial<T['$inferInsert']>
	record: (keyof T['_']['columns'] & string)[]
	secret: (keyof T['_']['columns'] & string)[]
}
const classified = <T extends PgTable>(entry: Classified<T>) => entry

export const PERSONAL_DATA = {
	requests: classified({
		table: requests,
		personal: { name: ERASED_NAME, email: '', phone: '', message: '' },
		record: [
			'id',
			'reference',
			'status',
			'locale',
			'companyCvr',
			'companyName',
			'companyAddress',
			'ean',
			'fromLanguage',
			'toLanguage',
			'deliveryDate',
			'copies',
			'quoteId',
			'createdAt',
			'updatedAt',
		],
		secret: ['ipHash', 'fingerprint'],
	}),
	// The customer's name, e-mail, phone and invoice address inside `customer` (ORDER_CUSTOMER_PERSONAL); the
	// company and address stay with the order, as the invoice keeps them.
	orders: classified({
		table: orders,
		personal: {},
		record: [
			'id',
			'reference',
			'quoteId',
			'requestId',
			'status',
			'locale',
			'customer',
			'terms',
			'fromLanguage',
			'toLanguage',
			'dueDate',
			'translatorId',
			'managerId',
			'deliveredAt',
			'acceptedAt',
			'customerWaitingSince',
			'createdAt',
			'updatedAt',
		],
		secret: ['token'],
	}),
	// What the person wrote after a delivery (a revision's reason), and the address the order's
	// mails went to as the history noted it; staff's internal notes are theirs, not exported.
	orderEvents: classified({
		table: orderEvents,
		personal: { body: ERASED_NAME },
		record: ['id', 'orderId', 'kind', 'status', 'userName', 'internal', 'createdAt'],
		secret: [],
	}),
	// The order's thread: what the person wrote, as whom, and the files they sent (removed from
	// the disk with the account); staff's answers stay, without their files.
	orderMessages: classified({
		table: orderMessages,
		personal: { body: ERASED_NAME, authorName: ERASED_NAME, customerEmail: null, attachments: [] },
		record: ['id', 'orderId', 'author', 'userId', 'forwardedJobId', 'createdAt'],
		secret: ['addressKey'],
	}),
	orderRatings: classified({
		table: orderRatings,
		personal: { comment: '' },
		record: ['orderId', 'rating', 'createdAt', 'updatedAt'],
		secret: [],
	}),
	// The account itself: deleted whole.
	customers: classified({
		table: customers,
		personal: { email: '', details: undefined },
		record: ['id', 'companyId', 'managesCompany', 'createdAt', 'updatedAt'],
		secret: [],
	}),
}

// The order events that hold the person's words or address: the rest is staff's.
export const PERSONAL_EVENT_KINDS = ['revision', 'mail', 'message'] as const
export const ORDER_CUSTOMER_PERSONAL = { name: ERASED_NAME, email: '', phone: '', invoiceEmail: null } as const

export type PersonalTable = keyof typeof PERSONAL_DATA

// A row as the person downloads it: everything but the secrets.
export function exported<R extends Record<string, unknown>>(name: PersonalTable, row: R): Partial<R> {
	const secret = new Set<string>(PERSONAL_DATA[name].secret)
	return Object.fromEntries(Object.entries(row).filter(([column]) => !secret.has(column))) as Partial<R>
}

// The values a deleted account's rows get in place of the person's.
export const erasure = <N extends Exclude<PersonalTable, 'customers' | 'orders'>>(name: N) =>
	PERSONAL_DATA[name].personal as (typeof PERSONAL_DATA)[N]['personal']

// Every column of the table, by its class (for the test that nothing is left unclassified).
export function classesOf(name: PersonalTable): { columns: string[]; classified: string[] } {
	const entry = PERSONAL_DATA[name]
	return {
		columns: Object.keys(getTableColumns(entry.table)).sort(),
		classified: [...Object.keys(entry.personal), ...entry.record, ...entry.secret].sort(),
	}
}
