import type { Database } from '#database/client.ts'
import { createIndexBuilder, type IndexRow } from '#app/models/company/search-index/build.ts'
import type { CompanyIndex } from '#app/models/company/search-index/shape.ts'

// About 20,000 companies: a statement short enough for the site's pages to take their turns.
const BLOCKS_PER_STATEMENT = 400

// The registry's identity and version, as the index names them.
export async function readRegistryVersion(db: Database): Promise<string> {
	const { rows } = await db.$client.query<{ registry_id: string; version: string }>(
		'select registry_id, version from registry_version where id = 1',
	)
	return rows[0] ? `${rows[0].registry_id}:${rows[0].version}` : 'none:0'
}

// The companies as they lie in the table, a range of its pages per statement (a TID range scan:
// sequential reads, 2.2 million rows in about 3 to 5 s, where pages in CVR order took 15 to 38 s).
// The embedded database is one session, so the site's pages take their turns between statements.
// A change meanwhile is seen from the version read before and after: `isConsistent` says whether
// the rows are one registry.
export async function* readIndexRows(
	db: Database,
): AsyncGenerator<IndexRow[], { version: string; isConsistent: boolean }> {
	const version = await readRegistryVersion(db)
	const { rows: size } = await db.$client.query<{ blocks: number }>(
		"select (pg_relation_size('companies') / current_setting('block_size')::int)::int as blocks",
	)
	for (let from = 0; from < size[0]!.blocks; from += BLOCKS_PER_STATEMENT) {
		const { rows } = await db.$client.query<IndexRow>({
			name: 'company-index-blocks',
			text: 'select cvr, name, search_name, street, postcode, city, is_active from companies where ctid >= $1::tid and ctid < $2::tid',
			values: [`(${from},0)`, `(${from + BLOCKS_PER_STATEMENT},0)`],
		})
		if (rows.length) yield rows
	}
	return { version, isConsistent: (await readRegistryVersion(db)) === version }
}

// In this thread, for the import script and the tests; the server builds in its search worker.
// Null when the registry changed while it was read.
export async function buildCompanyIndex(db: Database): Promise<CompanyIndex | null> {
	const builder = createIndexBuilder()
	const pages = readIndexRows(db)
	for (let next = await pages.next(); ; next = await pages.next()) {
		if (!next.done) builder.add(next.value)
		else return next.value.isConsistent ? builder.finish(next.value.version) : null
	}
}
