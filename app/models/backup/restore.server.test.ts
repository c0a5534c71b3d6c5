// What a restore takes on trust: an unencrypted backup's manifest is the site's only when it is
// signed with the site's key, and the embedded database's part, which lists no files, is held in by
// its folder and by the size its manifest declares.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#database/client.ts'
import { BackupError } from '#app/models/backup/errors.server.ts'
import { MANIFEST, MANIFEST_SIGNATURE, signManifest, type Manifest } from '#app/models/backup/manifest.server.ts'
import { restoreBackup } from '#app/models/backup/restore.server.ts'
import { writeBackup, type WrittenBackup } from '#app/models/backup/write.server.ts'
import { createTestDatabase, openTestDatabase, SCRATCH, type TestDatabase } from '#tests/setup/database.ts'

const KEY = 'the-site-secret-key-long-enough-for-its-use-1234'
let database: TestDatabase
let handle: DatabaseHandle
let backup: WrittenBackup
const scratch = mkdtempSync(path.join(SCRATCH, 'tolk-restore-trust-'))

beforeAll(async () => {
	database = await createTestDatabase()
	handle = await openTestDatabase(database)
	const backupDir = path.join(scratch, 'backups')
	backup = await writeBackup(
		{ database: handle, dataDir: database.dataDir, backupDir, secretKey: KEY },
		'2026-12-07T00-00-00Z-manual',
	)
}, 120_000)

afterAll(async () => {
	await handle?.close()
	await database?.drop()
	rmSync(scratch, { recursive: true, force: true })
})

let copies = 0
function copyOfBackup() {
	const copy = path.join(scratch, `copy-${++copies}`)
	cpSync(backup.path, copy, { recursive: true })
	return copy
}
const target = () => path.join(scratch, `target-${++copies}`)
const problemOf = (promise: Promise<unknown>) =>
	promise.then(
		() => 'restored',
		(error: unknown) => (error instanceof BackupError ? error.problem : String(error)),
	)
const manifestOf = (copy: string) => JSON.parse(readFileSync(path.join(copy, MANIFEST), 'utf8')) as Manifest
const writeManifest = (copy: string, manifest: Manifest, signWith?: string) => {
	const text = `${JSON.stringify(manifest, null, '\t')}\n`
	writeFileSync(path.join(copy, MANIFEST), text)
	if (signWith) writeFileSync(path.join(copy, MANIFEST_SIGNATURE), signManifest(text, signWith))
}

describe("an unencrypted backup's manifest", () => {
	test("is signed with the site's key, and restores where that key is known", async () => {
		expect(backup.manifest.encrypted).toBe(false)
		expect(existsSync(path.join(backup.path, MANIFEST_SIGNATURE))).toBe(true)
		expect(await problemOf(restoreBackup({ backup: backup.path, dataDir: target(), secretKey: KEY }))).toBe('restored')
	})

	test('changed after it was written, is refused where the key is known, and restores only when vouched for', async () => {
		const copy = copyOfBackup()
		writeManifest(copy, { ...manifestOf(copy), createdAt: '2020-01-01T00:00:00.000Z' })
		expect(await problemOf(restoreBackup({ backup: copy, dataDir: target(), secretKey: KEY }))).toBe('unauthenticated')
		const dataDir = target()
		expect(await problemOf(restoreBackup({ backup: copy, dataDir, secretKey: KEY, trustManifest: true }))).toBe(
			'restored',
		)
	})

	test("without its signature, or signed with another site's key, is refused too; with no key here it is not checked", async () => {
		const unsigned = copyOfBackup()
		rmSync(path.join(unsigned, MANIFEST_SIGNATURE))
		expect(await problemOf(restoreBackup({ backup: unsigned, dataDir: target(), secretKey: KEY }))).toBe(
			'unauthenticated',
		)
		const other = copyOfBackup()
		writeManifest(other, manifestOf(other), 'another-site-key-that-is-also-long-enough-42')
		expect(await problemOf(restoreBackup({ backup: other, dataDir: target(), secretKey: KEY }))).toBe('unauthenticated')
		expect(await problemOf(restoreBackup({ backup: other, dataDir: target() }))).toBe('restored')
	})
})

// The database part as someone who could rewrite the backup (and its signature) would make it.
describe("the embedded database's part", () => {
	const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
	function withDatabasePart(tar: Buffer, declared?: number) {
		const copy = copyOfBackup()
		const manifest = manifestOf(copy)
		const part = gzipSync(tar)
		writeFileSync(path.join(copy, manifest.parts.database.file), part)
		manifest.parts.database = { file: manifest.parts.database.file, bytes: part.length, sha256: sha(part) }
		if (declared !== undefined) manifest.parts.database.unpacked = declared
		writeManifest(copy, manifest, KEY)
		return copy
	}
	const realDatabase = () => {
		const root = path.join(scratch, `real-${++copies}`)
		execFileSync('tar', ['-xzf', path.join(backup.path, backup.manifest.parts.database.file), '-C', mkdir(root)])
		return root
	}
	const mkdir = (folder: string) => (mkdirSync(folder, { recursive: true }), folder)

	test.each(['pglite/../uploads/planted.html', 'pglite/../secret_key'])(
		'%s is refused, and nothing lands in DATA_DIR',
		async (name) => {
			const root = realDatabase()
			writeFileSync(path.join(root, 'planted'), '<script>alert(1)</script>')
			const tar = execFileSync(
				'tar',
				['-cf', '-', '-C', root, 'pglite', '--transform', `s,^planted$,${name},`, 'planted'],
				{
					maxBuffer: 1 << 30,
				},
			)
			const dataDir = target()
			expect(await problemOf(restoreBackup({ backup: withDatabasePart(tar), dataDir, secretKey: KEY }))).toBe('damaged')
			expect(existsSync(path.join(dataDir, 'uploads', 'planted.html'))).toBe(false)
			expect(existsSync(path.join(dataDir, 'secret_key'))).toBe(false)
		},
	)

	test('unpacks to no more than its manifest declares', async () => {
		const root = realDatabase()
		const tar = execFileSync('tar', ['-cf', '-', '-C', root, 'pglite'], { maxBuffer: 1 << 30 })
		const dataDir = target()
		const declared = Math.floor(tar.length / 2)
		expect(await problemOf(restoreBackup({ backup: withDatabasePart(tar, declared), dataDir, secretKey: KEY }))).toBe(
			'damaged',
		)
		expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false)
		// What the backup itself declared is what it holds.
		expect(backup.manifest.parts.database.unpacked).toBeGreaterThan(
			statSync(path.join(root, 'pglite', 'PG_VERSION')).size,
		)
	})
})
