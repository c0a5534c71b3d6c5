import type { requests } from '#database/schema.ts'

type RequestRow = typeof requests.$inferSelect

// A request as the inbox lists it (and as a live update carries it).
export function presentRequestRow(row: RequestRow, documentCount: number) {
	return {
		id: row.id,
		reference: row.reference,
		status: row.status,
		name: row.name,
		email: row.email,
		companyName: row.companyName,
		fromLanguage: row.fromLanguage,
		toLanguage: row.toLanguage,
		deliveryDate: row.deliveryDate,
		documentCount,
		createdAt: row.createdAt.toISOString(),
	}
}
export type RequestSummary = ReturnType<typeof presentRequestRow>
