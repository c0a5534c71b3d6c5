// A consistent snapshot of the running site's database, as one stored part, with the sums of the
// rows it holds.
//  - PostgreSQL: pg_dump's custom format, in the snapshot of a transaction that counts the same rows.
//  - PGlite: its data directory copied while statements wait (a moment: see database/pglite-worker.ts),
//    opened once on its own thread to recover it and count, then packed.
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { openDatabase, type DatabaseHandle } from '#database/client.ts'
import type { TableSums } from '#app/models/backup/manifest.server.ts'
import { writePart, type PartOptions, type PartSum } from '#app/models/backup/part.server.ts'
import { packTar, treeUnder } from '#app/models/backup/tar.server.ts'
import { runTool } from '#app/models/backup/pg-tools.server.ts'
import { tableSums } from '#app/models/backup/sums.server.ts'
import type pg from 'pg'

// `unpacked`: the embedded database's archive before compression, the most its restore may write.
export type Snapshot = { file: string; sum: PartSum; tables: TableSums; heldMs?: number; unpacked?: number }

export const DATABASE_PART = { pglite: 'database.pglite.tar.gz', postgres: 'database.pgdump' } as const

type SnapshotOptions = { database: DatabaseHandle; databaseUrl?: string; into: string; part: PartOptions }

export async function snapshotDatabase(options: SnapshotOptions): Promise<Snapshot> {
	const file = DATABASE_PART[options.database.kind] + (options.part.sealing ? '.age' : '')
	const target = path.join(options.into, file)
	const taken =
		options.database.kind === 'postgres'
			? await snapshotPostgres(options.database.pool, options.databaseUrl!, target, options.part)
			: await snapshotPglite(options.database, options.into, target, options.part)
	return { file, ...taken }
}

async function snapshotPostgres(pool: pg.Pool, databaseUrl: string, target: string, part: PartOptions) {
	const client = await pool.connect()
	try {
		await client.query('begin isolation level repeatable read read only')
		const [{ id }] = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows as [{ id: string }]
		const tables = await tableSums(async (sql) => (await client.query(sql)).rows)
		const dump = runTool(
			'pg_dump',
			['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${id}`],
			databaseUrl,
		)
		const sum = await writePart(dump, target, part)
		return { sum, tables }
	} finally {
		await client.query('rollback').catch(() => {})
		client.release()
	}
}

async function snapshotPglite(database: DatabaseHandle, into: string, target: string, part: PartOptions) {
	const copy = path.join(into, 'snapshot')
	await mkdir(copy)
	try {
		const heldMs = await database.copyDataDir!(path.join(copy, 'pglite'))
		const tables = await sumsAt(copy)
		const tar = packTar(copy, await treeUnder(copy, 'pglite')).stream
		let unpacked = 0
		const counted = new Transform({
			transform(chunk: Buffer, _encoding, done) {
				unpacked += chunk.length
				done(null, chunk)
			},
		})
		const gzip = createGzip({ level: 6 })
		pipeline(tar, counted, gzip).catch((error: unknown) => gzip.destroy(error as Error))
		const sum = await writePart(gzip, target, part)
		return { sum, tables, heldMs, unpacked }
	} finally {
		await rm(copy, { recursive: true, force: true })
	}
}

// Opens a site's database (the embedded one in dataDir/pglite, on its own thread, or the
// PostgreSQL database named) and sums its tables.
export async function sumsAt(dataDir: string, databaseUrl?: string): Promise<TableSums> {
	const handle = await openDatabase({ dataDir, databaseUrl })
	try {
		return await sumsOf(handle.pool)
	} finally {
		await handle.close()
	}
}

export async function sumsOf(pool: pg.Pool): Promise<TableSums> {
	const client = await pool.connect()
	try {
		await client.query('begin isolation level repeatable read read only')
		return await tableSums(async (sql) => (await client.query(sql)).rows)
	} finally {
		await client.query('rollback').catch(() => {})
		client.release()
	}
}
