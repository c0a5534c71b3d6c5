import type { Database } from '#database/client.ts'
import { createIndexBuilder, type IndexRow } from './build.ts'
import type { CompanyIndex } from './shape.ts'

const PAGE_SIZE = 20_000

// The registry's identity and version, as the index names them.
export async function readRegistryVersion(db: Database): Promise<string> {
	const { rows } = await db.$client.query<{ registry_id: string; version: string }>('select registry_id, version from registry_version where id = 1')
	return rows[0] ? `${rows[0].registry_id}:${rows[0].version}` : 'none:0'
}

// The companies in pages by CVR number, each page its own short statement: the embedded database
// is one session, and the site's pages take their turns between them. A change meanwhile is seen
// from the version read before and after; `isConsistent` says whether the pages are one registry.
export async function* readIndexRows(db: Database): AsyncGenerator<IndexRow[], { version: string; isConsistent: boolean }> {
	const version = await readRegistryVersion(db)
	for (let after = 0; ; ) {
		const { rows } = await db.$client.query<IndexRow>({
			name: 'company-index-page',
			text: 'select cvr, name, search_name, street, postcode, city, is_active from companies where cvr > $1 order by cvr limit $2',
			values: [after, PAGE_SIZE],
		})
		if (rows.length) yield rows
		if (rows.length < PAGE_SIZE) break
		after = rows.at(-1)!.cvr
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
