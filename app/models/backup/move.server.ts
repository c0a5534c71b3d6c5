// Moving a site between the engines: the schema is the same (the same migrations), so only rows and
// sequence positions travel, in PostgreSQL's COPY text format, which both engines read and write.
// Each load is one transaction on the target: it is all there or none of it is.
import { createInterface } from 'node:readline'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadable } from 'node:stream/web'
import { from as copyFrom } from 'pg-copy-streams'
import type pg from 'pg'
import type { PGlite } from '@electric-sql/pglite'
import { openDatabase } from '#database/client.ts'
import { migrateDatabase } from '#database/migrate.ts'
import { PUBLIC_TABLES, quoteName } from '#app/models/backup/sums.server.ts'
import { runTool } from '#app/models/backup/pg-tools.server.ts'

const FOREIGN_KEYS = `select ch.relname as child, pa.relname as parent from pg_constraint c
	join pg_class ch on ch.oid = c.conrelid join pg_class pa on pa.oid = c.confrelid
	join pg_namespace n on n.oid = ch.relnamespace where c.contype = 'f' and n.nspname = 'public'`

const COPY_COLUMNS = `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns
	from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'`

const SEQUENCES = `select sequencename as name, last_value as value from pg_sequences
	where schemaname = 'public' and last_value is not null`

// A COPY of one chunk of rows at most this big: a table of any size never sits whole in memory.
const CHUNK_BYTES = 8 * 1024 * 1024

// An embedded database (DATA_DIR-like `sourceDir`) into a migrated, empty PostgreSQL database.
export async function copyPgliteToPostgres(sourceDir: string, databaseUrl: string): Promise<void> {
	await migrateAt({ dataDir: sourceDir })
	const target = await migrateAt({ databaseUrl, dataDir: sourceDir }, true)
	const source = await openInProcess(sourceDir)
	const client = await target.pool.connect()
	try {
		const tables = await parentsFirst(client)
		const list = tables.map((name) => `public.${quoteName(name)}`)
		await client.query('begin')
		// The rows arrive as they were: the tables' own triggers (content versions) stay out of it.
		// Owning the tables is enough for this, where turning off all triggers needs a superuser.
		for (const table of list) await client.query(`alter table ${table} disable trigger user`)
		await client.query(`truncate ${list.join(', ')} cascade`)
		for (const table of tables) {
			const [{ columns }] = (await client.query<{ columns: string }>(COPY_COLUMNS, [table])).rows as [
				{ columns: string },
			]
			const into = `public.${quoteName(table)} (${columns})`
			const { blob } = await source.query(`copy ${into} to '/dev/blob'`)
			if (blob?.size)
				await pipeline(
					Readable.fromWeb(blob.stream() as WebReadable<Uint8Array>),
					client.query(copyFrom(`copy ${into} from stdin`)),
				)
		}
		for (const { name, value } of (await source.query<{ name: string; value: string }>(SEQUENCES)).rows)
			await client.query('select setval($1, $2, true)', [`public.${quoteName(name)}`, value])
		for (const table of list) await client.query(`alter table ${table} enable trigger user`)
		await client.query('commit')
	} catch (error) {
		await client.query('rollback').catch(() => {})
		throw error
	} finally {
		client.release()
		await source.close()
		await target.close()
	}
}

// A pg_dump (custom format) into an embedded database in `dataDir`, migrated and empty.
export async function loadDumpIntoPglite(dump: Readable, dataDir: string): Promise<void> {
	await (await migrateAt({ dataDir })).close()
	const target = await openInProcess(dataDir)
	try {
		await target.exec(`begin; set local session_replication_role = replica`)
		const tables = (await target.query<{ name: string }>(PUBLIC_TABLES)).rows.map((row) => row.name)
		await target.exec(`truncate ${tables.map((name) => `public.${quoteName(name)}`).join(', ')} cascade`)
		const script = runTool('pg_restore', ['--data-only', '--schema=public', '--file=-'], null, dump)
		await runDataScript(script, target)
		await target.exec('commit')
	} catch (error) {
		await target.exec('rollback').catch(() => {})
		throw error
	} finally {
		await target.close()
	}
}

// pg_restore's data-only script: COPY blocks (loaded through PGlite's /dev/blob) and setval calls.
async function runDataScript(script: Readable, target: PGlite): Promise<void> {
	let copy: string | null = null
	let rows: string[] = []
	let bytes = 0
	const flush = async () => {
		if (copy && rows.length) await target.query(copy, [], { blob: new Blob([rows.join('\n') + '\n']) })
		rows = []
		bytes = 0
	}
	for await (const line of createInterface({ input: script, crlfDelay: Infinity })) {
		if (copy) {
			if (line === '\\.') {
				await flush()
				copy = null
				continue
			}
			rows.push(line)
			bytes += line.length + 1
			if (bytes >= CHUNK_BYTES) await flush()
		} else if (/^COPY public\..+ FROM stdin;$/.test(line)) {
			copy = line.replace(/FROM stdin;$/, `FROM '/dev/blob'`)
		} else if (/^SELECT pg_catalog\.setval\(/.test(line)) {
			await target.exec(line)
		}
	}
	if (copy) throw new Error('the database part ends inside a table: it is cut off')
}

async function migrateAt(options: { dataDir: string; databaseUrl?: string }, keepOpen = false) {
	const handle = await openDatabase(options)
	await migrateDatabase(handle)
	if (!keepOpen) await handle.close()
	return handle
}

async function openInProcess(dataDir: string): Promise<PGlite> {
	const { PGlite } = await import('@electric-sql/pglite')
	const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
	return PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } })
}

// Tables in an order that loads every referenced row before the rows that refer to it.
async function parentsFirst(client: pg.PoolClient): Promise<string[]> {
	const tables = (await client.query<{ name: string }>(PUBLIC_TABLES)).rows.map((row) => row.name)
	const parents = new Map(tables.map((name) => [name, new Set<string>()]))
	for (const { child, parent } of (await client.query<{ child: string; parent: string }>(FOREIGN_KEYS)).rows)
		if (child !== parent) parents.get(child)?.add(parent)
	const ordered: string[] = []
	const placed = new Set<string>()
	while (ordered.length < tables.length) {
		const ready = tables.filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)))
		// A cycle (none today) would load in name order and fail on its key, leaving the target empty.
		const next = ready.length ? ready : tables.filter((name) => !placed.has(name))
		for (const name of next) {
			ordered.push(name)
			placed.add(name)
		}
	}
	return ordered
}
