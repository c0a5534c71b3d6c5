import { eq, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#database/client.ts'
import type { faqCategories, faqItems, languages, pages, pairPrices, slides, teamMembers } from '#database/schema.ts'
import type { Locale } from '#app/utils/locales.ts'

export type Cell = string | boolean | null
export type ListRow = { id: number; cells: Record<string, Cell> }
// A stored record as its form shows it.
export type FormRecord = Record<string, string | string[] | boolean | null>
export type Tx = Transaction

// One record type's storage, typed by the values its schema gives.
export type Repository<Values> = {
	list: (db: Database, locale: Locale) => Promise<ListRow[]>
	find: (db: Database, id: number) => Promise<FormRecord | null>
	create: (db: Database, values: Values) => Promise<number>
	update: (db: Database, id: number, values: Values) => Promise<void>
	remove: (db: Database, id: number) => Promise<void>
	// Names the record in the audit log and the flash message, from its values or its stored form.
	describe: (values: Partial<Record<keyof Values, unknown>>) => string
}

export const byLocale = (locale: Locale, da: string, en: string) => (locale === 'da' ? da : en)

type Positioned = typeof faqItems | typeof teamMembers | typeof languages | typeof slides
// A new record goes to the end of its list.
export async function nextPosition(tx: Tx, table: Positioned): Promise<number> {
	const [row] = await tx.select({ next: sql<number>`coalesce(max(${table.position}) + 1, 0)::int` }).from(table)
	return row?.next ?? 0
}

type WithId = Positioned | typeof faqCategories | typeof pairPrices | typeof pages
export const removeById = (table: WithId) => async (db: Database, id: number) => {
	await db.delete(table).where(eq(table.id, id))
}

// Inserts a record at the end of its sorted list, and whatever belongs to it in the same transaction.
export function insertLast<Table extends Positioned>(
	db: Database,
	table: Table,
	values: Omit<Table['$inferInsert'], 'position'>,
	withIt?: (tx: Tx, id: number) => Promise<void>,
) {
	return db.transaction(async (tx) => {
		const row = { ...values, position: await nextPosition(tx, table) } as Table['$inferInsert']
		const [inserted] = (await tx
			.insert(table)
			.values(row as never)
			.returning({ id: table.id })) as { id: number }[]
		await withIt?.(tx, inserted!.id)
		return inserted!.id
	})
}

// Updates a record's columns (stamping updatedAt), and whatever belongs to it in the same transaction.
export function updateRow<Table extends WithId>(
	db: Database,
	table: Table,
	id: number,
	values: Partial<Table['$inferInsert']>,
	withIt?: (tx: Tx) => Promise<void>,
) {
	return db.transaction(async (tx) => {
		await tx
			.update(table)
			.set({ ...values, updatedAt: new Date() } as never)
			.where(eq(table.id, id))
		await withIt?.(tx)
	})
}
