// Backups as the agency relies on them: taken from the running site while customers keep writing,
// restored on a fresh machine (either engine) into the same site, refused when damaged, and never
// mistaken for whole when the site was killed or the disk filled during one.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	truncateSync,
	writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { Decrypter, Encrypter, identityToRecipient } from 'age-encryption'
import { seedDatabase } from '#database/seed.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { readManifest, type Manifest } from '#app/models/backup/manifest.server.ts'
import { compareSums } from '#app/models/backup/sums.server.ts'
import { sumsAt } from '#app/models/backup/snapshot.server.ts'
import { listStoredBackups } from '#app/models/backup/store.server.ts'
import { ADMIN_ENV, logIn, type StaffClient } from '#tests/setup/admin.ts'
import { filesAt, freshPostgresDatabase, reachablePostgres, runScript, writeSiteFiles } from '#tests/setup/backup.ts'
import { createTestDatabase, openTestDatabase, SCRATCH, type TestDatabase } from '#tests/setup/database.ts'
import { textOf, visit } from '#tests/setup/http.ts'
import { copiesOfOrder, deliverableOrder, insertStaff } from '#tests/setup/orders.ts'
import { orderFromApprovedJob } from '#tests/setup/vendor.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'

const PASSPHRASE = 'a long passphrase kept apart from the backups'
const SITE_ENV = { ...ADMIN_ENV, TRUST_PROXY: 'true', BACKUP_PASSPHRASE: PASSPHRASE }
const onPostgres = Boolean(process.env.DATABASE_URL)

let database: TestDatabase
let server: RunningServer
let admin: StaffClient
let orderId = 0
let marker = ''
// The approved job's translation, on disk twice: the job's file and the order's, one hard link.
let linkedFiles: string[] = []

// A site with the demo content, a delivered (invoiced) order and 300 more, and files on disk.
async function seedSite(test: TestDatabase) {
	const handle = await openTestDatabase(test)
	try {
		await seedDatabase(handle.db, { companies: 500 })
		const user = await insertStaff(handle.db)
		const services = testServices({ db: handle.db })
		const order = await deliverableOrder(services, user)
		await changeOrderStatus(services, user, order.id, 'delivered')
		await copiesOfOrder(handle.db, order.id, 300, 'BAK')
		orderId = order.id
		await orderFromApprovedJob({ ...services, documentsDir: path.join(test.dataDir, 'documents') }, user)
	} finally {
		await handle.close()
	}
	linkedFiles = (await filesAt(test.dataDir))
		.map((file) => file.path)
		.filter((file) => statSync(path.join(test.dataDir, file)).nlink > 1)
	marker = writeSiteFiles(test.dataDir, 30, 32 * 1024)
}

beforeAll(async () => {
	database = await createTestDatabase()
	await seedSite(database)
	server = await startServer(SITE_ENV, { database })
	admin = await logIn(server.url)
}, 120_000)

afterAll(async () => {
	await server?.stop()
	await database?.drop()
})

const backupDirOf = (dataDir: string) => path.join(dataDir, 'backups')

// Customers sending the request form as fast as the site answers, each from an address of its own.
function startWriter(url: string) {
	let running = true
	let acknowledged = 0
	const done = (async () => {
		for (let n = 0; running; n++) {
			const who = await visit(url, '/kontakt')
			const response = await who.get('/kontakt', {
				method: 'POST',
				body: new URLSearchParams({
					authenticity_token: who.csrfToken,
					name: 'Karen Blixen',
					email: 'karen@rungstedlund.dk',
					message: `Request ${n} sent during a backup.`,
					consent: 'on',
				}),
				headers: { 'x-forwarded-for': `198.51.${Math.floor(n / 250) % 250}.${n % 250}` },
			})
			const text = await response.text()
			if (response.status === 200 && /Dit referencenummer er [0-9A-Z]{4}-[0-9A-Z]{4}/.test(textOf(text))) acknowledged++
			else throw new Error(`the request form answered ${response.status}`)
		}
	})()
	let failed = false
	done.catch(() => (failed = true))
	return {
		// Until the site has acknowledged this many (a busy machine takes longer than a fixed wait).
		acknowledgedAtLeast: async (count: number) => {
			while (acknowledged < count && !failed) await new Promise((resolve) => setTimeout(resolve, 50))
		},
		stop: async () => {
			running = false
			await done
			return acknowledged
		},
	}
}

async function waitForBackup(backupDir: string, after: number): Promise<{ path: string; manifest: Manifest }> {
	const deadline = Date.now() + 120_000
	const lastRun = path.join(backupDir, 'last-run.json')
	while (Date.now() < deadline) {
		if (existsSync(lastRun) && statSync(lastRun).mtimeMs >= after) {
			const run = JSON.parse(readFileSync(lastRun, 'utf8')) as { name: string; ok: boolean; problem: string | null }
			if (!run.ok) throw new Error(`the backup failed: ${run.problem}`)
			const folder = path.join(backupDir, run.name)
			return { path: folder, manifest: await readManifest(folder) }
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error('no backup was written in two minutes')
}

// What a visitor and the admin see on pages the requests written meanwhile do not change.
async function pagesOf(url: string, staff: StaffClient): Promise<Record<string, string>> {
	const pages: Record<string, string> = {}
	for (const page of ['/', '/priser', '/en/faq']) pages[page] = textOf(await (await fetch(url + page)).text())
	for (const page of [`/admin/orders/${orderId}`, '/admin/invoices']) {
		const response = await staff.get(page, { headers: { accept: 'text/html' } })
		expect(response.status, page).toBe(200)
		pages[page] = textOf(await response.text())
	}
	return pages
}

let backup: { path: string; manifest: Manifest }
let pagesBefore: Record<string, string>

describe('a backup of the running site', () => {
	test('taken from the admin while customers keep sending requests, encrypted, owner-only and verified', async () => {
		const writer = startWriter(server.url)
		await writer.acknowledgedAtLeast(2)
		const asked = Date.now()
		const page = await admin.get('/admin/backups', { headers: { accept: 'text/html' } })
		expect(page.status).toBe(200)
		const started = await admin.post('/admin/backups', { intent: 'backup' })
		expect(started.status).toBe(302)
		backup = await waitForBackup(backupDirOf(database.dataDir), asked)
		await new Promise((resolve) => setTimeout(resolve, 500))
		const acknowledged = await writer.stop()
		expect(acknowledged).toBeGreaterThan(5)

		// Every request the site acknowledged before the snapshot is in it, none after it is; the
		// site kept answering while the backup ran.
		expect(backup.manifest.tables.requests!.rows).toBeGreaterThan(0)
		expect(backup.manifest.tables.requests!.rows).toBeLessThan(acknowledged)
		expect(backup.manifest.tables.orders!.rows).toBe(302)
		expect(backup.manifest.tables.invoices!.rows).toBe(1)
		expect(backup.manifest.engine).toBe(onPostgres ? 'postgres' : 'pglite')
		expect(backup.manifest.encrypted).toBe(true)
		expect(
			backup.manifest.files.filter((file) => /^(documents|media|uploads\/images)\/[0-9a-f]{16}\.bin$/.test(file.path)),
		).toHaveLength(30)
		// The order's file from the approved job is a hard link to the job's: both are in, whole.
		expect(linkedFiles).toHaveLength(2)
		expect(backup.manifest.files.map((file) => file.path)).toEqual(expect.arrayContaining(linkedFiles))

		// Only the site's user reads it, and nothing in it reads without the passphrase.
		expect(statSync(backupDirOf(database.dataDir)).mode & 0o777).toBe(0o700)
		for (const name of readdirSync(backup.path)) {
			expect(statSync(path.join(backup.path, name)).mode & 0o777, name).toBe(0o600)
			if (name !== 'manifest.json')
				expect(readFileSync(path.join(backup.path, name)).includes(marker), name).toBe(false)
		}

		// The admin lists it as written and verified, and never offers it over HTTP.
		const listed = textOf(await (await admin.get('/admin/backups', { headers: { accept: 'text/html' } })).text())
		expect(listed).toContain(path.basename(backup.path))
		expect(listed).toMatch(/Skrevet[^]*Ja/)
		for (const probe of [`/backups/${path.basename(backup.path)}/manifest.json`, `/uploads/../backups/`]) {
			const response = await admin.get(probe, { redirect: 'follow' })
			expect(response.status, probe).toBe(404)
		}
		pagesBefore = await pagesOf(server.url, admin)
	}, 180_000)

	test('`npm run backup` while the site runs asks the site for one and says it verified', async () => {
		const result = await runScript('backup', [], {
			DATA_DIR: database.dataDir,
			BACKUP_PASSPHRASE: PASSPHRASE,
			...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
		})
		expect(result.output).toContain('verified: restored into a scratch place')
		expect(result.code).toBe(0)
		expect((await listStoredBackups(backupDirOf(database.dataDir))).length).toBe(2)
	}, 120_000)
})

describe('restoring it on a new machine', () => {
	const targets = ['pglite', 'postgres'] as const
	test.each(targets)(
		'into an empty %s: every row and file, and the same pages',
		async (engine) => {
			const postgres = engine === 'postgres' ? await reachablePostgres() : null
			if (engine === 'postgres' && !postgres) return console.warn('no PostgreSQL answers: restore into it not tried')
			const dataDir = mkdtempSync(path.join(SCRATCH, 'tolk-restored-'))
			const target = postgres ? await freshPostgresDatabase(postgres) : null
			try {
				const env = {
					DATA_DIR: dataDir,
					BACKUP_PASSPHRASE: PASSPHRASE,
					...(target ? { DATABASE_URL: target.url } : {}),
				}
				const restored = await runScript('restore', [backup.path], env)
				expect(restored.output).toContain('restored ')
				expect(restored.code).toBe(0)

				const sums = await sumsAt(dataDir, target?.url)
				// The embedded database keeps files on the disk alone: a PostgreSQL backup's stored files
				// are written out (as the files part has them) and its store is left empty.
				const writtenOut = !target && backup.manifest.engine === 'postgres'
				const expected = writtenOut ? withoutStore(backup.manifest.tables) : backup.manifest.tables
				expect(compareSums(expected, writtenOut ? withoutStore(sums) : sums)).toEqual([])
				if (writtenOut) expect([sums.stored_files?.rows, sums.stored_file_chunks?.rows]).toEqual([0, 0])
				expect(await filesAt(dataDir)).toEqual(backup.manifest.files)

				// The same site: the admin's session (kept in the database, signed with the same key) still
				// holds, and the pages read as they did.
				const again = await startServer(SITE_ENV, {
					database: { dataDir, databaseUrl: target?.url, drop: async () => {} },
				})
				try {
					const staff = {
						...admin,
						get: (p: string, init?: RequestInit) =>
							fetch(again.url + p, {
								redirect: 'manual',
								...init,
								headers: { cookie: admin.cookie, ...(init?.headers as Record<string, string>) },
							}),
					}
					expect(await pagesOf(again.url, staff as StaffClient)).toEqual(pagesBefore)
				} finally {
					await again.stop()
				}
			} finally {
				await target?.drop()
				rmSync(dataDir, { recursive: true, force: true })
			}
		},
		180_000,
	)
})

describe('restore refuses what it cannot restore whole', () => {
	let scratch: string
	beforeAll(() => {
		scratch = mkdtempSync(path.join(SCRATCH, 'tolk-refused-'))
	})
	afterAll(() => rmSync(scratch, { recursive: true, force: true }))

	async function refused(copy: string, dataDir = path.join(scratch, 'target'), extra: Record<string, string> = {}) {
		const result = await runScript('restore', [copy], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: PASSPHRASE, ...extra })
		expect(result.code, result.output).toBe(2)
		return result.output
	}
	const copyOfBackup = (name: string) => {
		const copy = path.join(scratch, name)
		cpSync(backup.path, copy, { recursive: true })
		return copy
	}
	const partOf = (copy: string, part: 'database' | 'files') => path.join(copy, backup.manifest.parts[part].file)

	// The archive's own checks, the same whichever engine wrote the database part: the embedded pass runs them.
	test.skipIf(onPostgres)('a truncated backup: by its checksum, with nothing restored', async () => {
		const copy = copyOfBackup('truncated')
		truncateSync(partOf(copy, 'files'), Math.floor(backup.manifest.parts.files.bytes / 2))
		expect(await refused(copy)).toMatch(/files\.tar\.age is not what the backup wrote .*nothing was restored/)
		expect(existsSync(path.join(scratch, 'target', 'pglite'))).toBe(false)
		expect(existsSync(path.join(scratch, 'target', 'documents'))).toBe(false)
	})

	// The archive's own checks, the same whichever engine wrote the database part: the embedded pass runs them.
	test.skipIf(onPostgres)(
		'a tampered backup: by its checksum, and by the encryption when the manifest was changed to match',
		async () => {
			const copy = copyOfBackup('tampered')
			const file = partOf(copy, 'database')
			const bytes = readFileSync(file)
			bytes[bytes.length >> 1]! ^= 0xff
			writeFileSync(file, bytes)
			expect(await refused(copy)).toContain('is not what the backup wrote')
			const manifest = JSON.parse(readFileSync(path.join(copy, 'manifest.json'), 'utf8')) as Manifest
			manifest.parts.database.sha256 = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0]!
			writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest))
			expect(await refused(copy)).toContain('was changed after it was sealed')
			expect(existsSync(path.join(scratch, 'target', 'pglite'))).toBe(false)
		},
	)

	// The manifest and the archive as an attacker who holds the passphrase would change them.
	// The archive's own checks, the same whichever engine wrote the database part: the embedded pass runs them.
	test.skipIf(onPostgres)(
		'an archive entry the manifest does not list, and a part outside the backup, are refused by name',
		async () => {
			const copy = copyOfBackup('unlisted')
			const keyOpener = new Decrypter()
			keyOpener.addPassphrase(PASSPHRASE)
			const identity = await keyOpener.decrypt(readFileSync(path.join(copy, 'key.age')), 'text')
			const opener = new Decrypter()
			opener.addIdentity(identity)
			const tar = Buffer.from(await opener.decrypt(readFileSync(partOf(copy, 'files'))))
			let end = tar.length
			while (end >= 512 && tar.subarray(end - 512, end).every((byte) => byte === 0)) end -= 512
			const evil = mkdtempSync(path.join(scratch, 'evil-'))
			mkdirSync(path.join(evil, 'uploads'))
			symlinkSync('../secret_key', path.join(evil, 'uploads', 'key.txt'))
			const extra = execFileSync('tar', ['-cf', '-', '-C', evil, 'uploads/key.txt'])
			const sealer = new Encrypter()
			sealer.addRecipient(await identityToRecipient(identity))
			const sealed = Buffer.from(await sealer.encrypt(Buffer.concat([tar.subarray(0, end), extra])))
			writeFileSync(partOf(copy, 'files'), sealed)
			const manifest = JSON.parse(readFileSync(path.join(copy, 'manifest.json'), 'utf8')) as Manifest
			manifest.parts.files.bytes = sealed.length
			manifest.parts.files.sha256 = execFileSync('sha256sum', [partOf(copy, 'files')], { encoding: 'utf8' }).split(
				' ',
			)[0]!
			writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest))
			expect(await refused(copy)).toContain('"uploads/key.txt" is not a regular file')
			expect(existsSync(path.join(scratch, 'target', 'uploads'))).toBe(false)

			manifest.parts.database.file = '../../../etc/hostname'
			writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest))
			expect(await refused(copy)).toContain('is damaged or not a tolk backup')
		},
	)

	test('the wrong passphrase, a newer schema, a half-written folder, and a target that is not empty', async () => {
		expect(await refused(backup.path, undefined, { BACKUP_PASSPHRASE: 'not the passphrase at all' })).toContain(
			'BACKUP_PASSPHRASE does not open this backup',
		)
		const newer = copyOfBackup('newer')
		const manifest = JSON.parse(readFileSync(path.join(newer, 'manifest.json'), 'utf8')) as Manifest
		manifest.migration = { index: 999, tag: '0999_future' }
		writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(manifest))
		expect(await refused(newer)).toContain('from a newer version of the site (schema 0999_future')
		const partial = copyOfBackup('.partial-tolk')
		rmSync(path.join(partial, 'manifest.json'))
		expect(await refused(partial)).toContain('has no manifest.json')
		// The running site's own folder: not empty (and in use).
		expect(
			await refused(backup.path, database.dataDir, database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
		).toMatch(/not empty|is running/)
	})
})

describe('when the backup cannot finish', () => {
	test('kill -9 during a backup leaves no backup that looks whole, and the next start tidies up', async () => {
		const backupDir = backupDirOf(database.dataDir)
		const before = (await listStoredBackups(backupDir)).map((stored) => stored.name)
		expect((await admin.post('/admin/backups', { intent: 'backup' })).status).toBe(302)
		const deadline = Date.now() + 30_000
		while (!readdirSync(backupDir).some((name) => name.startsWith('.partial-')) && Date.now() < deadline)
			await new Promise((resolve) => setTimeout(resolve, 5))
		await server.stop('SIGKILL')
		expect((await listStoredBackups(backupDir)).map((stored) => stored.name)).toEqual(before)
		const partial = readdirSync(backupDir).find((name) => name.startsWith('.partial-'))!
		expect(partial).toBeDefined()
		expect(existsSync(path.join(backupDir, partial, 'manifest.json'))).toBe(false)

		server = await startServer(SITE_ENV, { database })
		admin = await logIn(server.url)
		expect(readdirSync(backupDir).filter((name) => name.startsWith('.'))).toEqual([])
		const listed = textOf(await (await admin.get('/admin/backups', { headers: { accept: 'text/html' } })).text())
		// Explained in the reader's language, the technical words kept beside it.
		expect(listed).toContain('Sitet stoppede, mens sikkerhedskopien blev taget.')
		expect(listed).toContain('Teknisk detalje: interrupted: the site stopped during the backup')
		const dashboard = textOf(await (await admin.get('/admin', { headers: { accept: 'text/html' } })).text())
		expect(dashboard).toContain('Den seneste sikkerhedskopi')
		expect(dashboard).toContain('fejlede: Sitet stoppede, mens sikkerhedskopien blev taget.')
	}, 120_000)

	test('a full disk fails the backup, mails the agency, and leaves the earlier backups and the site as they were', async () => {
		const mountPoint = mkdtempSync(path.join(SCRATCH, 'tolk-tiny-disk-'))
		try {
			execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192m', 'tmpfs', mountPoint], { stdio: 'ignore' })
		} catch {
			rmSync(mountPoint, { recursive: true, force: true })
			return console.warn('cannot mount a small disk here (not root?): the full-disk case was not tried')
		}
		const test = await createTestDatabase()
		let site: RunningServer | undefined
		try {
			site = await startServer({ ...ADMIN_ENV, BACKUP_DIR: mountPoint }, { database: test })
			const staff = await logIn(site.url)
			const first = Date.now()
			expect((await staff.post('/admin/backups', { intent: 'backup' })).status).toBe(302)
			const whole = await waitForBackup(mountPoint, first)
			// Fill the disk so the next backup runs out of room part-way.
			const free = Number(
				execFileSync('df', ['--output=avail', '-B1', mountPoint], { encoding: 'utf8' }).split('\n')[1],
			)
			const room = Math.floor(whole.manifest.parts.database.bytes / 2)
			mkdirSync(path.join(mountPoint, 'filler'))
			writeFileSync(path.join(mountPoint, 'filler', 'zeros'), Buffer.alloc(Math.max(0, free - room)))
			const second = Date.now()
			expect((await staff.post('/admin/backups', { intent: 'backup' })).status).toBe(302)
			await expect(waitForBackup(mountPoint, second)).rejects.toThrow(/the backup failed: .*(ENOSPC|no space)/i)
			rmSync(path.join(mountPoint, 'filler'), { recursive: true })

			expect((await listStoredBackups(mountPoint)).map((stored) => stored.name)).toEqual([path.basename(whole.path)])
			expect(readdirSync(mountPoint).filter((name) => name.startsWith('.'))).toEqual([])
			expect((await fetch(`${site.url}/priser`)).status).toBe(200)
			const dashboard = textOf(await (await staff.get('/admin', { headers: { accept: 'text/html' } })).text())
			expect(dashboard).toMatch(
				/Den seneste sikkerhedskopi \(tolk-[^)]+\) fejlede: Der er ikke plads nok på disken til sikkerhedskopien\./,
			)
			const mails = readdirSync(path.join(test.dataDir, 'mail')).map((name) =>
				readFileSync(path.join(test.dataDir, 'mail', name), 'utf8'),
			)
			expect(mails.some((mail) => mail.includes('Backup fejlede / Backup failed'))).toBe(true)

			// The backup from before the full disk still restores whole.
			const target = mkdtempSync(path.join(SCRATCH, 'tolk-after-full-'))
			const restoreTarget = test.databaseUrl ? await freshPostgresDatabase(process.env.DATABASE_URL!) : null
			try {
				const result = await runScript('restore', [whole.path], {
					DATA_DIR: target,
					...(restoreTarget ? { DATABASE_URL: restoreTarget.url } : {}),
				})
				expect(result.code, result.output).toBe(0)
			} finally {
				await restoreTarget?.drop()
				rmSync(target, { recursive: true, force: true })
			}
		} finally {
			await site?.stop()
			await test.drop()
			execFileSync('umount', [mountPoint])
			rmSync(mountPoint, { recursive: true, force: true })
		}
	}, 240_000)
})

const withoutStore = <T extends Record<string, unknown>>(tables: T) =>
	Object.fromEntries(Object.entries(tables).filter(([name]) => !name.startsWith('stored_file'))) as T
