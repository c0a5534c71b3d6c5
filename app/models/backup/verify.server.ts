// Every backup is restored once, right after it is written, into a scratch place (a folder beside
// it; on PostgreSQL also a scratch database on the same server), through the same code as
// `npm run restore`, and what comes back is compared with the manifest: every table's rows and
// sum, every file's size and sum. The answer is what the admin shows as "verified".
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { withClient } from '#app/models/backup/pg-tools.server.ts'
import { compareSums } from '#app/models/backup/sums.server.ts'
import { restoreBackup } from '#app/models/backup/restore.server.ts'
import { sumsAt } from '#app/models/backup/snapshot.server.ts'
import { VERIFY_PREFIX } from '#app/models/backup/store.server.ts'
import type { WrittenBackup } from '#app/models/backup/write.server.ts'

export type Verification = { verified: boolean; problems: string[] }

export async function verifyBackup(
	backup: Pick<WrittenBackup, 'name' | 'path' | 'manifest' | 'key'>,
	options: { backupDir: string; databaseUrl?: string; passphrase?: string; secretKey?: string },
): Promise<Verification> {
	const scratch = path.join(options.backupDir, VERIFY_PREFIX + backup.name)
	let database: Awaited<ReturnType<typeof scratchDatabase>> | null = null
	try {
		if (options.databaseUrl)
			database = await scratchDatabase(options.databaseUrl).catch((error: Error) => {
				throw new Error(`no scratch database to restore into (the site's role needs CREATEDB): ${error.message}`)
			})
		await restoreBackup({
			backup: backup.path,
			dataDir: scratch,
			databaseUrl: database?.url,
			passphrase: options.passphrase,
			identity: backup.key?.identity,
			secretKey: options.secretKey,
		})
		const sums = await sumsAt(scratch, database?.url)
		const problems = compareSums(backup.manifest.tables, sums)
		return { verified: problems.length === 0, problems }
	} catch (error) {
		return { verified: false, problems: [(error as Error).message] }
	} finally {
		await database?.drop()
		await rm(scratch, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => {})
	}
}

// A database of its own on the site's PostgreSQL server (the site's role needs CREATEDB).
export async function scratchDatabase(databaseUrl: string, prefix = 'tolk_verify') {
	const name = `${prefix}_${randomBytes(6).toString('hex')}`
	await admin(databaseUrl, `create database ${name}`)
	const url = new URL(databaseUrl)
	url.pathname = `/${name}`
	return { url: url.toString(), drop: () => admin(databaseUrl, `drop database if exists ${name} with (force)`) }
}

const admin = (databaseUrl: string, statement: string) =>
	withClient(databaseUrl, async (client) => {
		await client.query(statement)
	})
