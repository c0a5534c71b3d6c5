// What the backup tests share: the scripts run as a person runs them, a PostgreSQL database of
// their own to restore into, and a site's state (every table's sums, every file) to compare.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { listFiles } from '#app/models/backup/files.server.ts'
import { scratchDatabase } from '#app/models/backup/verify.server.ts'

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

// An empty database of its own on the PostgreSQL server `adminUrl` names.
export const freshPostgresDatabase = (adminUrl: string) => scratchDatabase(adminUrl, 'tolk_restore')

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
