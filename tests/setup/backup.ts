// What the backup tests share: the scripts run as a person runs them, a PostgreSQL database of
// their own to restore into, and a site's state (every table's sums, every file) to compare.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDatabase } from '#database/client.ts'
import { listFiles } from '#app/models/backup/files.server.ts'
import { sumsOf } from '#app/models/backup/snapshot.server.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export type CliResult = { code: number | null; output: string }

// `npm run backup` / `npm run restore -- …`, with only the environment given (and PATH).
export function runScript(
	script: 'backup' | 'restore',
	args: string[],
	env: Record<string, string>,
): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [`server/scripts/${script}.ts`, ...args], {
			cwd: ROOT,
			env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		let output = ''
		child.stdout.on('data', (chunk: Buffer) => (output += chunk))
		child.stderr.on('data', (chunk: Buffer) => (output += chunk))
		child.on('error', reject)
		child.on('close', (code) => resolve({ code, output }))
	})
}

// The PostgreSQL server the tests may use: the suite's, or the usual local one when it answers.
export async function reachablePostgres(): Promise<string | null> {
	const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
	try {
		await client.connect()
		await client.end()
		return url
	} catch {
		return null
	}
}

export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
	const name = `tolk_restore_${randomBytes(6).toString('hex')}`
	const admin = async (statement: string) => {
		const client = new pg.Client({ connectionString: adminUrl })
		await client.connect()
		await client.query(statement).finally(() => client.end())
	}
	await admin(`create database ${name}`)
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

// Every table's rows and sum, as the backup's manifest states them, read from a stopped site.
export async function tableSumsAt(dataDir: string, databaseUrl?: string) {
	const handle = await openDatabase({ dataDir, databaseUrl })
	try {
		return await sumsOf(handle.pool)
	} finally {
		await handle.close()
	}
}

export const filesAt = (dataDir: string) => listFiles(dataDir)

// Customers' documents, delivered files, staff photos' originals and page images, on disk.
export function writeSiteFiles(dataDir: string, count: number, bytes: number): string {
	const marker = `document-marker-${randomBytes(8).toString('hex')}`
	for (const folder of ['documents', 'media', 'uploads/images'])
		mkdirSync(path.join(dataDir, folder), { recursive: true })
	for (let index = 0; index < count; index++) {
		const folder = ['documents', 'media', 'uploads/images'][index % 3]!
		const body = Buffer.concat([Buffer.from(`${marker} ${index}\n`), randomBytes(bytes)])
		writeFileSync(path.join(dataDir, folder, `${randomBytes(8).toString('hex')}.bin`), body)
	}
	return marker
}
