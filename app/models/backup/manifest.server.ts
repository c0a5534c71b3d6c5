// A backup's manifest (manifest.json, written last): when and by what it was made, the schema
// migration its database is at, the rows and sum of every table, every file with its sum, and the
// size and sum of each stored part. Restore and verification check the backup against it.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import journal from '#database/migrations/meta/_journal.json' with { type: 'json' }
import packageJson from '#package.json' with { type: 'json' }
import { BackupError } from '#app/models/backup/errors.server.ts'

export const MANIFEST = 'manifest.json'
// The manifest's HMAC with the site's secret key (an unencrypted backup has nothing else vouching
// for it: its sums say the parts are the manifest's, not that the manifest is the site's).
export const MANIFEST_SIGNATURE = 'manifest.json.hmac'
export const FORMAT = 1

const Sum = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })

// A part is a file in the backup's own folder; a listed file a path inside DATA_DIR.
const PartFile = z.string().regex(/^(?!\.)[A-Za-z0-9._-]{1,100}$/)
const RelativePath = z
	.string()
	.min(1)
	.max(1000)
	.refine((value) => !value.split('/').some((segment) => ['', '.', '..'].includes(segment)) && !/[\0\\]/.test(value))

export const ManifestSchema = z.object({
	format: z.literal(FORMAT),
	app: z.literal('tolk'),
	name: z.string(),
	version: z.string(),
	createdAt: z.iso.datetime(),
	engine: z.enum(['pglite', 'postgres']),
	migration: z.object({ index: z.number().int().min(0), tag: z.string() }),
	encrypted: z.boolean(),
	tables: z.record(z.string(), z.object({ rows: z.number().int().min(0), checksum: z.string() })),
	files: z.array(z.object({ path: RelativePath, size: z.number().int().min(0), sha256: z.string() })),
	parts: z.object({
		// `unpacked`: what the embedded database's archive holds before compression (absent in
		// PostgreSQL backups and in those made before it was written).
		database: Sum.extend({ file: PartFile, unpacked: z.number().int().min(0).optional() }),
		files: Sum.extend({ file: PartFile }),
		// An encrypted backup's own key, sealed with the passphrase (key.server.ts); absent in those made before.
		key: Sum.extend({ file: PartFile }).optional(),
	}),
	// How long the embedded database held its writes back for the snapshot (PGlite only).
	heldMs: z.number().optional(),
})

export type Manifest = z.infer<typeof ManifestSchema>
export type TableSums = Manifest['tables']

export async function readManifest(backupDir: string): Promise<Manifest> {
	const text = await readFile(path.join(backupDir, MANIFEST), 'utf8').catch((error: NodeJS.ErrnoException) => {
		throw new BackupError(
			'not-a-backup',
			error.code === 'ENOENT'
				? `${backupDir} has no ${MANIFEST}: it is not a backup, or one that was never finished`
				: `${backupDir}/${MANIFEST} cannot be read: ${error.message}`,
		)
	})
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch {
		throw new BackupError('damaged', `${backupDir}/${MANIFEST} is damaged (not JSON)`)
	}
	const parsed = ManifestSchema.safeParse(json)
	if (!parsed.success) throw new BackupError('damaged', `${backupDir}/${MANIFEST} is damaged or not a tolk backup`)
	return parsed.data
}

// The newest migration this code knows: a backup from a newer one is refused.
export function codeMigration(): Manifest['migration'] {
	const last = journal.entries.at(-1)!
	return { index: last.idx, tag: last.tag }
}

export const codeVersion = (): string => packageJson.version

const signingKey = (secretKey: string) => createHmac('sha256', secretKey).update('tolk backup manifest').digest()

export const signManifest = (text: string, secretKey: string): string =>
	createHmac('sha256', signingKey(secretKey)).update(text).digest('hex')

// Whether the manifest is the one a site with this secret key wrote: 'signed', 'unsigned' (no
// signature: made before backups were signed, or the signature was taken away) or 'other'.
export async function manifestSignedWith(backupDir: string, secretKey: string) {
	const [text, signature] = await Promise.all([
		readFile(path.join(backupDir, MANIFEST), 'utf8'),
		readFile(path.join(backupDir, MANIFEST_SIGNATURE), 'utf8').catch(() => null),
	])
	if (signature === null) return 'unsigned' as const
	const expected = Buffer.from(signManifest(text, secretKey), 'hex')
	const given = Buffer.from(signature.trim(), 'hex')
	return given.length === expected.length && timingSafeEqual(given, expected) ? ('signed' as const) : ('other' as const)
}
