import { asc, inArray, notInArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { faqItems, languages, slides, teamMembers } from '#database/schema.ts'
import { SORTABLE_MODELS, type SortableModel } from '#app/models/records/definition.ts'
import { recordAudit, type AuditServices } from '#app/models/audit/record.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'

// Only these tables can be reordered from outside; the name in the payload picks one of them.
const TABLES = {
	faq_item: faqItems,
	team_member: teamMembers,
	language: languages,
	slide: slides,
} as const satisfies Record<SortableModel, unknown>

export const PositionSchema = z.object({
	model: z.enum(SORTABLE_MODELS),
	items: z
		.array(z.coerce.number().int().positive())
		.min(1)
		.max(1000)
		.refine((ids) => new Set(ids).size === ids.length, 'duplicate ids'),
})

export class UnknownItemsError extends Error {}

// All positions in one transaction. Rows missing from the list (added meanwhile by someone
// else) keep their relative order after the ones that were sorted.
export async function reorder(db: Database, model: SortableModel, ids: number[]): Promise<void> {
	const table = TABLES[model]
	await db.transaction(async (tx) => {
		const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids))
		if (found.length !== ids.length) throw new UnknownItemsError(model)
		const rest = await tx
			.select({ id: table.id })
			.from(table)
			.where(notInArray(table.id, ids))
			.orderBy(asc(table.position), asc(table.id))
		const order = [...ids, ...rest.map((row) => row.id)]
		// One statement for the whole list; the ids are integers, sent as one array literal.
		await tx.execute(sql`
			update ${table} set position = ordered.position - 1
			from unnest(${`{${order.join(',')}}`}::int[]) with ordinality as ordered(id, position)
			where ${table.id} = ordered.id`)
	})
}

// Staff drop an item of a sortable list: the new order and the audit log.
export async function saveOrderOf(
	services: AuditServices,
	staff: Pick<Staff, 'id' | 'name'>,
	model: SortableModel,
	ids: number[],
): Promise<void> {
	await reorder(services.db, model, ids)
	await recordAudit(services, staff, {
		action: 'reorder',
		subjectType: model,
		summary: ids.join(', '),
		changes: { items: ids },
	})
}
