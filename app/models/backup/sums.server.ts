// The rows and a checksum of every table, the same on PGlite and on PostgreSQL for the same data:
// each row's text (in UTC and ISO dates, whatever the session had) summed, in the order of the sums,
// so neither the physical order nor the engine changes the figure.
import type { TableSums } from '#app/models/backup/manifest.server.ts'

export type Query = (sql: string) => Promise<Record<string, unknown>[]>

export const PUBLIC_TABLES = `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
	where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`

// Runs inside a transaction (its settings are local to it).
export async function tableSums(query: Query): Promise<TableSums> {
	await query(`set local timezone to 'UTC'`)
	await query(`set local datestyle to 'ISO, YMD'`)
	await query(`set local intervalstyle to 'postgres'`)
	await query(`set local extra_float_digits to 1`)
	await query(`set local bytea_output to 'hex'`)
	const sums: TableSums = {}
	for (const { name } of await query(PUBLIC_TABLES)) {
		const [row] = await query(
			`select count(*)::int as rows, coalesce(md5(string_agg(h, '' order by h)), '') as checksum
			from (select md5(t::text) as h from public.${quoteName(String(name))} t) s`,
		)
		sums[String(name)] = { rows: Number(row!.rows), checksum: String(row!.checksum) }
	}
	return sums
}

// Restoring settles the record of the backup that was under way when its snapshot was taken
// (restore.server.ts): that table is compared by its rows only.
const SETTLED_BY_RESTORE = new Set(['backups'])

// What differs between two sets of sums, in words, or nothing when they are the same.
export function compareSums(expected: TableSums, actual: TableSums): string[] {
	const names = new Set([...Object.keys(expected), ...Object.keys(actual)])
	const problems: string[] = []
	for (const name of [...names].sort()) {
		const want = expected[name]
		const got = actual[name]
		if (!want) problems.push(`table ${name} is not in the backup's manifest`)
		else if (!got) problems.push(`table ${name} is missing`)
		else if (want.rows !== got.rows) problems.push(`table ${name} has ${got.rows} rows, the backup ${want.rows}`)
		else if (want.checksum !== got.checksum && !SETTLED_BY_RESTORE.has(name))
			problems.push(`table ${name} has other rows than the backup`)
	}
	return problems
}
