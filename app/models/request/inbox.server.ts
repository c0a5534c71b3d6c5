import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import {
	documents,
	languages,
	quotes,
	REQUEST_STATUSES,
	requestEvents,
	requests,
	type RequestStatus,
} from '#database/schema.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { findQuote, type SavedQuoteDetails } from '#app/models/quote/quote.server.ts'
import { presentDocument } from '#app/models/documents/present.ts'
import { csvLine } from '#app/utils/csv.ts'
import { presentRequestRow } from '#app/models/request/present.ts'
import { containsAny } from '#app/models/search-pattern.server.ts'
import { auditText, textOf } from '#app/models/audit/text.ts'
import { MACHINE_WORDS, type CsvWords } from '#app/models/csv-words.server.ts'

export const InboxFilterSchema = z.object({
	status: z.enum(REQUEST_STATUSES).or(z.literal('')).catch(''),
	q: z.string().trim().max(100).catch(''),
})
export type InboxFilter = z.infer<typeof InboxFilterSchema>

export function readInboxFilter(url: URL): InboxFilter {
	return InboxFilterSchema.parse({ status: url.searchParams.get('status') ?? '', q: url.searchParams.get('q') ?? '' })
}

function whereFor({ status, q }: InboxFilter): SQL | undefined {
	const conditions: SQL[] = []
	if (status) conditions.push(eq(requests.status, status))
	if (q) {
		const { reference, name, email, companyName, message } = requests
		conditions.push(containsAny(q, [reference, name, email, companyName, message]))
	}
	return conditions.length ? and(...conditions) : undefined
}

export const INBOX_PAGE_SIZE = 100

// How many requests the inbox shows for a filter (the dashboard's counts link to those lists).
export async function countRequests(db: Database, filter: Partial<InboxFilter>): Promise<number> {
	const [row] = await db
		.select({ n: count() })
		.from(requests)
		.where(whereFor({ status: '', q: '', ...filter }))
	return row?.n ?? 0
}

// Newest first, with how many documents each brought; the counts per status are for the filter.
export async function listRequests(db: Database, filter: InboxFilter) {
	const rows = await db
		.select()
		.from(requests)
		.where(whereFor(filter))
		.orderBy(desc(requests.createdAt), desc(requests.id))
		.limit(INBOX_PAGE_SIZE)
	const documentCounts = rows.length
		? await db
				.select({ requestId: documents.requestId, n: count() })
				.from(documents)
				.where(
					inArray(
						documents.requestId,
						rows.map((row) => row.id),
					),
				)
				.groupBy(documents.requestId)
		: []
	const countOf = new Map(documentCounts.map((row) => [row.requestId, row.n]))
	const byStatus = await db.select({ status: requests.status, n: count() }).from(requests).groupBy(requests.status)
	return {
		requests: rows.map((row) => presentRequestRow(row, countOf.get(row.id) ?? 0)),
		counts: Object.fromEntries(
			REQUEST_STATUSES.map((status) => [status, byStatus.find((row) => row.status === status)?.n ?? 0]),
		) as Record<RequestStatus, number>,
	}
}

export async function findRequest(db: Database, id: number) {
	const [row] = await db.select().from(requests).where(eq(requests.id, id))
	if (!row) return null
	const [files, events, quote, names] = await Promise.all([
		db.select().from(documents).where(eq(documents.requestId, id)).orderBy(asc(documents.createdAt)),
		db
			.select()
			.from(requestEvents)
			.where(eq(requestEvents.requestId, id))
			.orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
		row.quoteId ? findQuote(db, row.quoteId) : null,
		db.select({ code: languages.code, nameDa: languages.nameDa, nameEn: languages.nameEn }).from(languages),
	])
	const { ipHash: _ipHash, fingerprint: _fingerprint, ...visible } = row
	return {
		request: visible,
		documents: files.map((file) => ({ ...presentDocument(file), correction: file.correction })),
		events,
		quote,
		languageNames: names,
	}
}

export class RequestNotFound extends Error {}

export async function changeRequestStatus(
	db: Database,
	id: number,
	staff: Pick<Staff, 'id' | 'name'>,
	status: RequestStatus,
): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [row] = await tx.select({ status: requests.status }).from(requests).where(eq(requests.id, id)).for('update')
		if (!row) throw new RequestNotFound()
		if (row.status === status) return false
		await tx.update(requests).set({ status, updatedAt: new Date() }).where(eq(requests.id, id))
		await tx.insert(requestEvents).values({
			requestId: id,
			userId: staff.id,
			userName: staff.name,
			kind: 'status',
			fromStatus: row.status,
			toStatus: status,
		})
		return true
	})
}

// Staff move a request along (new, quoted, won, lost): the change, its event and the audit log.
export async function moveRequest(
	services: Pick<AppServices, 'db' | 'broadcast' | 'logger'>,
	staff: Pick<Staff, 'id' | 'name'>,
	id: number,
	status: RequestStatus,
): Promise<void> {
	if (!(await changeRequestStatus(services.db, id, staff, status))) return
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'request',
		subjectId: String(id),
		summary: `status → ${status}`,
		text: auditText('requestStatus', { status: textOf(`requests.status.${status}`) }),
		changes: { fields: ['status'] },
	})
}

export async function addRequestNote(
	db: Database,
	id: number,
	staff: Pick<Staff, 'id' | 'name'>,
	body: string,
): Promise<void> {
	const [row] = await db.select({ id: requests.id }).from(requests).where(eq(requests.id, id))
	if (!row) throw new RequestNotFound()
	await db.insert(requestEvents).values({ requestId: id, userId: staff.id, userName: staff.name, kind: 'note', body })
	await db.update(requests).set({ updatedAt: new Date() }).where(eq(requests.id, id))
}

const CSV_HEADER = [
	'reference',
	'created_at',
	'status',
	'locale',
	'name',
	'email',
	'phone',
	'company',
	'cvr',
	'company_address',
	'ean',
	'from_language',
	'to_language',
	'delivery_date',
	'copies',
	'documents',
	'quote_total',
	'message',
]

// The inbox as CSV (app/utils/csv.ts), with a byte-order mark, which is what Danish Excel opens as UTF-8.
export async function exportRequestsCsv(
	db: Database,
	filter: InboxFilter,
	words: CsvWords = MACHINE_WORDS,
): Promise<string> {
	const rows = await db
		.select()
		.from(requests)
		.where(whereFor(filter))
		.orderBy(desc(requests.createdAt), desc(requests.id))
	const ids = rows.map((row) => row.id)
	const documentCounts = ids.length
		? await db
				.select({ requestId: documents.requestId, n: count() })
				.from(documents)
				.where(inArray(documents.requestId, ids))
				.groupBy(documents.requestId)
		: []
	const countOf = new Map(documentCounts.map((row) => [row.requestId, row.n]))
	const quoteIds = rows.map((row) => row.quoteId).filter((id) => id !== null)
	const quoteRows = quoteIds.length
		? await db.select({ id: quotes.id, details: quotes.details }).from(quotes).where(inArray(quotes.id, quoteIds))
		: []
	const quoteTotals = new Map(
		quoteRows.map((quote) => [quote.id, (quote.details as unknown as SavedQuoteDetails).quote.total]),
	)
	const lines = rows.map((row) =>
		csvLine([
			row.reference,
			row.createdAt.toISOString(),
			words.code('status', row.status),
			words.code('locale', row.locale),
			row.name,
			row.email,
			row.phone,
			row.companyName,
			row.companyCvr,
			row.companyAddress,
			row.ean,
			row.fromLanguage,
			row.toLanguage,
			row.deliveryDate,
			row.copies,
			countOf.get(row.id) ?? 0,
			row.quoteId ? (quoteTotals.get(row.quoteId) ?? null) : null,
			row.message,
		]),
	)
	return `\uFEFF${[csvLine(words.header(CSV_HEADER)), ...lines].join('\r\n')}\r\n`
}
